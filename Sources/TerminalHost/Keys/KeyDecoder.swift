/// Reads the bytes a terminal sends for the keyboard and turns them into ``KeyEvent`` values.
///
/// Give it every chunk read from the terminal with ``decode(_:)``. A sequence cut between two
/// reads (an escape sequence, a multi-byte UTF-8 character, a bracketed paste) is kept until
/// the rest arrives, and then reported as one event.
///
/// Escape on its own is ambiguous: it is also how every escape sequence starts, and a terminal
/// may send the rest of a sequence a moment later. So a lone Escape at the end of a read stays
/// pending (``hasPendingEscape``) until the host decides that its short wait has passed (about
/// 25 ms, on its own timer) and calls ``flushPendingEscape()``. The decoder itself never reads a
/// clock, so that the same bytes always give the same events.
///
/// ```swift
/// var decoder = KeyDecoder()
/// let arrows = decoder.decode(Array("\u{1B}[A\u{1B}O".utf8))
/// let down = decoder.decode(Array("B".utf8))
/// ```
///
/// Recognised: printable UTF-8 text; Enter, Tab, Backspace (DEL and BS), Escape; control
/// letters; CSI and SS3 arrows, Home and End (with any modifiers, which are not reported);
/// CSI Z (Shift-Tab); CSI n ~ for Home, End, Delete, Page Up and Page Down; Alt with a
/// character; bracketed pastes; and mouse reports in SGR form (CSI < b ; x ; y M or m), and in
/// the older X10 form (CSI M and three bytes) that a terminal without SGR mode sends. A mouse
/// report that is not well formed (a count of numbers other than three, a coordinate of 0, a
/// button code no terminal sends) is skipped whole, so that none of its bytes arrive as typed
/// text. Other sequences (function keys, mouse motion) are skipped.
public struct KeyDecoder: Sendable {
  /// Bytes read but not decoded yet: an unfinished sequence or character, or the tail of a
  /// paste that may be the start of its end marker.
  private var pending: [UInt8] = []
  /// The text of a bracketed paste whose end marker has not arrived yet.
  private var paste: [UInt8]?

  /// A decoder in its initial state.
  public init() {}

  /// Whether the last read ended with an Escape that may start a sequence: the host should
  /// call ``flushPendingEscape()`` if nothing more arrives within its short wait.
  public var hasPendingEscape: Bool {
    paste == nil && pending.first == 0x1B
  }

  /// Decodes `bytes`, read from the terminal after the bytes of earlier calls.
  ///
  /// - Parameter bytes: The bytes of one read.
  /// - Returns: The events the bytes complete, in order; empty when they only start one.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
    pending.append(contentsOf: bytes)
    var events: [KeyEvent] = []
    var index = 0
    while index < pending.count {
      if paste != nil {
        guard let next = readPaste(from: index, into: &events) else { break }
        index = next
      } else if pending[index] == 0x1B {
        guard let next = readEscape(at: index, into: &events) else { break }
        index = next
      } else if pending[index] < 0x20 || pending[index] == 0x7F {
        events.append(controlEvent(pending[index]))
        index += 1
      } else {
        guard let next = readText(from: index, into: &events) else { break }
        index = next
      }
    }
    pending.removeFirst(index)
    return events
  }

  /// Reports a pending Escape as the Escape key, and decodes what follows it as keys typed
  /// after it: call when ``hasPendingEscape`` is `true` and the host's short wait has passed.
  ///
  /// - Returns: ``KeyEvent/escape`` and the events of the bytes after it, or nothing when no
  ///   Escape is pending.
  public mutating func flushPendingEscape() -> [KeyEvent] {
    guard hasPendingEscape else { return [] }
    pending.removeFirst()
    return [.escape] + decode([])
  }

  private func controlEvent(_ byte: UInt8) -> KeyEvent {
    switch byte {
    case 0x0D, 0x0A: .enter
    case 0x09: .tab
    case 0x08, 0x7F: .backspace
    case 0x00: .control("@")
    case 0x01...0x1A: .control(Character(Unicode.Scalar(byte + 0x60)))
    default: .control(Character(Unicode.Scalar(byte + 0x40)))
    }
  }

  /// Reads a run of printable text from `index`; returns where it ends, or `nil` when it
  /// starts with an unfinished UTF-8 character.
  private func readText(from index: Int, into events: inout [KeyEvent]) -> Int? {
    var scalars = String.UnicodeScalarView()
    var position = index
    while position < pending.count, pending[position] >= 0x20, pending[position] != 0x7F {
      guard let decoded = scalar(at: position) else { break }
      scalars.append(decoded.scalar)
      position += decoded.length
    }
    if position == index { return nil }
    for character in String(scalars) { events.append(.character(character)) }
    return position
  }

  /// The UTF-8 scalar at `index` and its length in bytes, U+FFFD for a malformed byte, or
  /// `nil` when the bytes end in the middle of it.
  private func scalar(at index: Int) -> (scalar: Unicode.Scalar, length: Int)? {
    let lead = pending[index]
    let length =
      switch lead {
      case 0..<0x80: 1
      case 0xC2..<0xE0: 2
      case 0xE0..<0xF0: 3
      case 0xF0..<0xF5: 4
      default: 0
      }
    guard length > 0 else { return ("\u{FFFD}", 1) }
    guard index + length <= pending.count else { return nil }
    var decoder = UTF8()
    var iterator = pending[index..<index + length].makeIterator()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return (scalar, length) }
    return ("\u{FFFD}", 1)
  }

  /// Reads the sequence that starts with the Escape at `index`; returns where it ends, or `nil`
  /// when it is unfinished.
  private mutating func readEscape(at index: Int, into events: inout [KeyEvent]) -> Int? {
    guard index + 1 < pending.count else { return nil }
    let next = pending[index + 1]
    switch next {
    case UInt8(ascii: "["):
      return readCSI(at: index, into: &events)
    case UInt8(ascii: "O"):
      guard index + 2 < pending.count else { return nil }
      let final = pending[index + 2]
      let key = final == UInt8(ascii: "M") ? .enter : Self.cursorKey(final)
      if let key { events.append(key) }
      return index + 3
    case 0x20..<0x7F:
      events.append(.alt(Character(Unicode.Scalar(next))))
      return index + 2
    case 0x80...:
      guard let decoded = scalar(at: index + 1) else { return nil }
      events.append(.alt(Character(decoded.scalar)))
      return index + 1 + decoded.length
    default:
      // Escape followed by a control code (or another Escape): two keys.
      events.append(.escape)
      return index + 1
    }
  }

  /// Reads CSI parameters intermediates final, from the Escape at `index`.
  private mutating func readCSI(at index: Int, into events: inout [KeyEvent]) -> Int? {
    var position = index + 2
    var parameters: [Int] = []
    var current: Int?
    // NB: a parameter missing between separators counts as absent (-1), so that a mouse
    // report with one is told apart from one with a 0.
    var hasMissing = false
    while position < pending.count, (0x20...0x3F).contains(pending[position]) {
      let byte = pending[position]
      if (0x30...0x39).contains(byte) {
        // NB: capped, so that a long run of digits neither overflows nor passes for a number.
        current = min((current ?? 0) * 10 + Int(byte - 0x30), 1_000_000)
      } else if byte == UInt8(ascii: ";") {
        if current == nil { hasMissing = true }
        parameters.append(current ?? 0)
        current = nil
      }
      position += 1
    }
    if position == index + 2, position < pending.count, pending[position] == UInt8(ascii: "M") {
      return readX10Mouse(at: index, into: &events)
    }
    guard position < pending.count else { return nil }
    let final = pending[position]
    guard (0x40...0x7E).contains(final) else {
      // Not a sequence a terminal sends: the Escape is a key, the rest is typed text.
      events.append(.escape)
      return index + 1
    }
    if let current { parameters.append(current) }
    if pending[index + 2] == UInt8(ascii: "<") {
      let isPress = final == UInt8(ascii: "M")
      if !hasMissing, parameters.count == 3, isPress || final == UInt8(ascii: "m"),
        let event = Self.mouseEvent(
          code: parameters[0], column: parameters[1] - 1, row: parameters[2] - 1,
          isRelease: !isPress)
      {
        events.append(event)
      }
      return position + 1
    }
    let key: KeyEvent? =
      switch final {
      case UInt8(ascii: "Z"): .backTab
      case UInt8(ascii: "~"): tildeKey(parameters.first ?? 0)
      default: Self.cursorKey(final)
      }
    if let key { events.append(key) }
    if final == UInt8(ascii: "~"), parameters.first == 200 { paste = [] }
    return position + 1
  }

  /// Reads an X10 mouse report, CSI M and three bytes (the button code, the column and the
  /// row, each plus 32), from the Escape at `index`.
  private func readX10Mouse(at index: Int, into events: inout [KeyEvent]) -> Int? {
    guard index + 6 <= pending.count else { return nil }
    let code = Int(pending[index + 3]) - 32
    let column = Int(pending[index + 4]) - 33
    let row = Int(pending[index + 5]) - 33
    // NB: X10 reports every release as button 3, without saying which.
    if code & 3 == 3, code & 64 == 0 {
      if column >= 0, row >= 0 {
        events.append(.mouse(.release(.left), at: TerminalPosition(column: column, row: row)))
      }
    } else if let event = Self.mouseEvent(
      code: code, column: column, row: row, isRelease: false)
    {
      events.append(event)
    }
    return index + 6
  }

  /// The event of a mouse report: `code` the button code (its low bits the button, 64 for the
  /// wheel, 32 for motion, 4, 8 and 16 the modifiers, which are not reported), `column` and
  /// `row` from 0. `nil` for motion, for the wheel's sideways turns, and for a report no
  /// terminal sends (a negative coordinate or code, a code past the wheel's).
  private static func mouseEvent(code: Int, column: Int, row: Int, isRelease: Bool)
    -> KeyEvent?
  {
    guard code >= 0, code < 128, column >= 0, row >= 0, code & 32 == 0 else { return nil }
    let position = TerminalPosition(column: column, row: row)
    if code & 64 != 0 {
      switch code & 3 {
      case 0: return isRelease ? nil : .mouse(.scrollUp, at: position)
      case 1: return isRelease ? nil : .mouse(.scrollDown, at: position)
      default: return nil
      }
    }
    let button: MouseButton
    switch code & 3 {
    case 0: button = .left
    case 1: button = .middle
    case 2: button = .right
    default: return nil
    }
    return .mouse(isRelease ? .release(button) : .press(button), at: position)
  }

  /// The arrow, Home or End key a CSI or SS3 sequence ends with, or `nil`.
  private static func cursorKey(_ final: UInt8) -> KeyEvent? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: nil
    }
  }

  private func tildeKey(_ number: Int) -> KeyEvent? {
    switch number {
    case 1, 7: .home
    case 4, 8: .end
    case 3: .delete
    case 5: .pageUp
    case 6: .pageDown
    default: nil
    }
  }

  /// Adds the bytes of a paste from `index` until its end marker; returns where the marker
  /// ends, or `nil` when it has not arrived yet (keeping a tail that may start it).
  private mutating func readPaste(from index: Int, into events: inout [KeyEvent]) -> Int? {
    let marker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~
    var position = index
    while position + marker.count <= pending.count {
      if pending[position] == 0x1B,
        pending[position..<position + marker.count].elementsEqual(marker)
      {
        paste?.append(contentsOf: pending[index..<position])
        events.append(.paste(pastedText(paste ?? [])))
        paste = nil
        return position + marker.count
      }
      position += 1
    }
    // The end marker has not arrived: keep the longest tail that could be its beginning.
    var kept = min(marker.count - 1, pending.count - index)
    while kept > 0, !pending[(pending.count - kept)...].elementsEqual(marker[..<kept]) {
      kept -= 1
    }
    paste?.append(contentsOf: pending[index..<pending.count - kept])
    pending.removeSubrange(index..<pending.count - kept)
    return nil
  }

  private func pastedText(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
      .replacing("\r\n", with: "\n")
      .replacing("\r", with: "\n")
  }
}
