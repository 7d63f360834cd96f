/// How a cell's text is drawn: its colours and attributes.
public struct TerminalStyle: Hashable, Sendable {
  /// The text colour, or `nil` for the terminal's default.
  public var foreground: TerminalColor?
  /// The cell's colour behind the text, or `nil` for the terminal's default.
  public var background: TerminalColor?
  /// Bold, dim, reverse and underline.
  public var attributes: TerminalAttributes

  /// A style.
  ///
  /// - Parameters:
  ///   - foreground: The text colour, or `nil` for the terminal's default.
  ///   - background: The colour behind the text, or `nil` for the terminal's default.
  ///   - attributes: Bold, dim, reverse and underline.
  public init(
    foreground: TerminalColor? = nil, background: TerminalColor? = nil,
    attributes: TerminalAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default colours and no attributes: what a cleared screen shows.
  public static let plain = TerminalStyle()
}

/// The text attributes a cell can have, each one an SGR attribute every terminal knows.
public struct TerminalAttributes: OptionSet, Hashable, Sendable {
  /// The attributes' bits.
  public let rawValue: UInt8

  /// Attributes from their bits.
  ///
  /// - Parameter rawValue: The bits, as ``rawValue`` holds them.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Bold or increased intensity (SGR 1).
  public static let bold = TerminalAttributes(rawValue: 1 << 0)
  /// Dim or decreased intensity (SGR 2).
  public static let dim = TerminalAttributes(rawValue: 1 << 1)
  /// Underlined (SGR 4).
  public static let underline = TerminalAttributes(rawValue: 1 << 2)
  /// Foreground and background swapped (SGR 7).
  public static let reverse = TerminalAttributes(rawValue: 1 << 3)
}
