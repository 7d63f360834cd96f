/// A colour a terminal can show: one of its 256 palette entries or a 24-bit colour.
///
/// Entries 0 to 7 are the standard colours and 8 to 15 their bright forms, which the user's
/// terminal theme chooses; 16 to 255 are the fixed 6×6×6 cube and grey ramp. A cell without a
/// colour (`nil` in ``TerminalStyle``) shows the terminal's own default foreground or background.
public struct TerminalColor: Hashable, Sendable {
  // NB: one word, so that comparing two cells stays a few integer comparisons. The top byte
  // tells the kind (0 palette, 1 RGB), the low three bytes hold the index or red, green, blue.
  let storage: UInt32

  private init(storage: UInt32) {
    self.storage = storage
  }

  /// The palette entry `index`.
  ///
  /// - Parameter index: The entry, 0 to 255: 0–7 standard, 8–15 bright, 16–255 the fixed colours.
  /// - Returns: The colour.
  public static func indexed(_ index: UInt8) -> TerminalColor {
    TerminalColor(storage: UInt32(index))
  }

  /// A 24-bit colour, for terminals that support it.
  ///
  /// - Parameters:
  ///   - red: The red component.
  ///   - green: The green component.
  ///   - blue: The blue component.
  /// - Returns: The colour.
  public static func rgb(red: UInt8, green: UInt8, blue: UInt8) -> TerminalColor {
    TerminalColor(
      storage: 1 << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
  }

  /// The palette index, or `nil` for a 24-bit colour.
  public var index: UInt8? {
    storage >> 24 == 0 ? UInt8(truncatingIfNeeded: storage) : nil
  }

  /// The red, green and blue components, or `nil` for a palette entry.
  public var components: (red: UInt8, green: UInt8, blue: UInt8)? {
    guard storage >> 24 == 1 else { return nil }
    return (
      UInt8(truncatingIfNeeded: storage >> 16), UInt8(truncatingIfNeeded: storage >> 8),
      UInt8(truncatingIfNeeded: storage)
    )
  }

  /// Palette entry 0.
  public static let black = indexed(0)
  /// Palette entry 1.
  public static let red = indexed(1)
  /// Palette entry 2.
  public static let green = indexed(2)
  /// Palette entry 3.
  public static let yellow = indexed(3)
  /// Palette entry 4.
  public static let blue = indexed(4)
  /// Palette entry 5.
  public static let magenta = indexed(5)
  /// Palette entry 6.
  public static let cyan = indexed(6)
  /// Palette entry 7.
  public static let white = indexed(7)
}
