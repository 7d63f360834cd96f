/// How text takes up a terminal's columns: the width of each grapheme cluster, and what is drawn
/// in place of characters a terminal must never receive raw.
///
/// A terminal lays text out in cells of one column, and draws some characters across two. The
/// width of a `Character` (a grapheme cluster) is decided by its first scalar, with the cluster's
/// emoji variation selectors taken into account:
///
/// - East Asian Wide and Fullwidth characters (CJK ideographs, kana, Hangul syllables, fullwidth
///   forms) take 2 columns, and so does a Hangul syllable written as conjoining jamo (a leading
///   consonant starts it).
/// - Emoji take 2: those shown as emoji by default (`isEmojiPresentation`), including ZWJ
///   sequences and flags, any emoji followed by U+FE0F (VARIATION SELECTOR-16), such as ❤️, and
///   any emoji with a skin tone modifier, such as ☝🏽.
///   U+FE0E (VARIATION SELECTOR-15) asks for the narrow text form.
/// - Combining and enclosing marks, format characters such as U+200B (ZERO WIDTH SPACE) and
///   lone conjoining vowels and finals take 0: inside a cluster they add nothing to its base,
///   and alone they have nothing to draw on.
/// - Control characters take 1, because they are drawn as ``displayable(_:)`` shows them.
/// - Everything else takes 1, East Asian Ambiguous characters included.
public enum TerminalText {
  /// The number of columns a terminal uses to draw `character`: 0, 1 or 2.
  ///
  /// - Parameter character: A grapheme cluster.
  /// - Returns: Its width in columns.
  public static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    var iterator = scalars.makeIterator()
    guard var first = iterator.next() else { return 0 }
    // NB: ASCII first, before any property is looked up: most text is ASCII, and a lookup of a
    // scalar's category costs more than the rest of drawing its cell.
    if first.value < 0x7F, scalars.count == 1 { return 1 }
    // NB: a format character may start a cluster (a prepended one, such as U+0600 ARABIC
    // NUMBER SIGN); the scalar it is drawn on decides the width.
    while first.properties.generalCategory == .format, first.value != 0xAD {
      guard let next = iterator.next() else { return 0 }
      first = next
    }
    let value = first.value
    switch first.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return 1
    case .nonspacingMark, .enclosingMark: return 0
    default: break
    }
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
    if scalars.count > 1 {
      if first.properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
      // NB: a skin tone makes an emoji of a text-default one (☝🏽, ✌🏻), as terminals draw it.
      if first.properties.isEmoji,
        scalars.dropFirst().contains(where: { $0.properties.isEmojiModifier })
      {
        return 2
      }
      if scalars.contains("\u{FE0E}") { return isEastAsianWide(value) ? 2 : 1 }
    }
    if isEastAsianWide(value) || first.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// The number of columns a terminal uses to draw `text`: the sum of its clusters' widths.
  ///
  /// - Parameter text: Any text.
  /// - Returns: Its width in columns.
  public static func width(of text: some StringProtocol) -> Int {
    var total = 0
    for character in text { total += width(of: character) }
    return total
  }

  /// The character drawn in place of `character`: itself, or a visible stand-in for a control
  /// character, which a terminal would otherwise obey (a line feed, an escape sequence).
  ///
  /// C0 controls become their Control Pictures (U+2400 to U+241F, so a line feed shows as ␊),
  /// DELETE becomes ␡, a line or paragraph separator and a CR LF pair become ␤, and the C1
  /// controls (U+0080 to U+009F, which some terminals obey) become U+FFFD.
  ///
  /// - Parameter character: A grapheme cluster.
  /// - Returns: A character that is safe to write to a terminal.
  public static func displayable(_ character: Character) -> Character {
    guard let first = character.unicodeScalars.first else { return character }
    let value = first.value
    if value >= 0x20, value < 0x7F { return character }
    if character == "\r\n" { return "\u{2424}" }
    switch value {
    case 0x00..<0x20: return Character(Unicode.Scalar(0x2400 + value) ?? "\u{FFFD}")
    case 0x7F: return "\u{2421}"
    case 0x80..<0xA0: return "\u{FFFD}"
    case 0x2028, 0x2029: return "\u{2424}"
    default: return character
    }
  }
}
