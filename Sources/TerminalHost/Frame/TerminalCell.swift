/// One column of one row of a ``Frame``: a grapheme cluster and the style it is drawn in.
///
/// A character two columns wide (a CJK ideograph, most emoji) is stored in the cell of its left
/// column, and the cell to its right is its *continuation*: a cell with no text of its own,
/// which ``Frame`` keeps next to it.
public struct TerminalCell: Hashable, Sendable {
  /// The grapheme cluster the cell shows, or the empty string for a continuation.
  public let text: String
  /// The cell's colours and attributes.
  public var style: TerminalStyle
  // NB: the width is stored, not recomputed, since the writer needs it for every cell it draws.
  let storedWidth: UInt8

  /// A cell showing `character`.
  ///
  /// A control character is replaced by its visible stand-in (``TerminalText/displayable(_:)``),
  /// and a character that takes no columns (a combining mark or a format character on its own)
  /// by U+FFFD, so that every cell takes one or two columns.
  ///
  /// - Parameters:
  ///   - character: The grapheme cluster to show.
  ///   - style: Its colours and attributes.
  public init(_ character: Character, style: TerminalStyle = .plain) {
    var shown = TerminalText.displayable(character)
    var width = TerminalText.width(of: shown)
    if width == 0 {
      shown = "\u{FFFD}"
      width = 1
    }
    self.text = String(shown)
    self.style = style
    self.storedWidth = UInt8(width)
  }

  private init(text: String, style: TerminalStyle, width: UInt8) {
    self.text = text
    self.style = style
    self.storedWidth = width
  }

  /// The columns the cell's text takes: 1, 2 for a wide character, 0 for a continuation.
  public var width: Int { Int(storedWidth) }

  /// Whether this is the right half of the wide character in the cell to its left.
  public var isContinuation: Bool { storedWidth == 0 }

  /// A space in the plain style: what a cleared screen shows.
  public static let blank = TerminalCell(text: " ", style: .plain, width: 1)

  /// A space in `style`.
  ///
  /// - Parameter style: The space's colours and attributes.
  /// - Returns: The cell.
  public static func blank(_ style: TerminalStyle) -> TerminalCell {
    TerminalCell(text: " ", style: style, width: 1)
  }

  /// The right half of a wide character drawn in `style`.
  package static func continuation(_ style: TerminalStyle) -> TerminalCell {
    TerminalCell(text: "", style: style, width: 0)
  }
}
