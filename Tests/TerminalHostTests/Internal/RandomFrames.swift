import TerminalHost

/// A generator of pseudo-random numbers that gives the same sequence for the same seed
/// (SplitMix64), so that a failing random test can be run again from its seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

/// Random frames for the writer's tests: narrow and wide characters, clusters that join when
/// written next to each other, and styles of every kind.
enum RandomFrames {
  /// Characters of every width and kind, including pairs that make one cluster when written
  /// one after the other (two regional indicators, a leading jamo before a syllable, an emoji
  /// ending with a zero width joiner before another emoji).
  static let characters: [Character] = [
    "a", "b", "Z", " ", " ", " ", "-", "é", "e\u{301}", "Ω", "日", "本", "한", "\u{1100}",
    "가", "\u{1100}\u{1161}", "👍", "👨‍👩‍👧", "🇫🇷", "\u{1F1EB}", "\u{1F1F7}", "❤️", "1️⃣",
    "👨\u{200D}", "👩", "ｱ", "\n",
  ]

  static let colors: [TerminalColor?] = [
    nil, nil, .red, .indexed(9), .indexed(15), .indexed(200),
    .rgb(red: 10, green: 200, blue: 30),
  ]

  static func style(using generator: inout SeededGenerator) -> TerminalStyle {
    TerminalStyle(
      foreground: colors.randomElement(using: &generator) ?? nil,
      background: colors.randomElement(using: &generator) ?? nil,
      attributes: TerminalAttributes(rawValue: UInt8.random(in: 0...15, using: &generator)))
  }

  /// Writes `count` random characters at random places, in runs that share a style.
  static func scribble(
    on frame: inout Frame, count: Int, using generator: inout SeededGenerator
  ) {
    guard frame.width > 0, frame.height > 0 else { return }
    var written = 0
    while written < count {
      let run = Int.random(in: 1...4, using: &generator)
      let style =
        Bool.random(using: &generator) ? TerminalStyle.plain : style(using: &generator)
      var text = ""
      for _ in 0..<run { text.append(characters.randomElement(using: &generator) ?? "a") }
      frame.write(
        text, column: Int.random(in: 0..<frame.width, using: &generator),
        row: Int.random(in: 0..<frame.height, using: &generator), style: style)
      written += run
    }
    if Int.random(in: 0..<4, using: &generator) == 0 {
      frame.fill(
        columns: Int.random(in: 0..<frame.width, using: &generator)..<frame.width,
        rows: 0..<Int.random(in: 1...frame.height, using: &generator),
        style: style(using: &generator))
    }
    frame.cursor =
      Bool.random(using: &generator)
      ? TerminalPosition(
        column: Int.random(in: 0..<frame.width, using: &generator),
        row: Int.random(in: 0..<frame.height, using: &generator)) : nil
  }
}
