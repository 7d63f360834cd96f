import TerminalHost

extension VirtualTerminal {
  /// Obeys `bytes`, written to the terminal after the bytes of earlier calls.
  ///
  /// - Parameter bytes: The bytes, in any chunks: a sequence or character cut between two calls
  ///   is completed by the next.
  public mutating func receive(_ bytes: some Sequence<UInt8>) {
    pending.append(contentsOf: bytes)
    var index = 0
    var text = String.UnicodeScalarView()
    while index < pending.count {
      let byte = pending[index]
      if byte == 0x1B || byte < 0x20 || byte == 0x7F {
        printText(&text)
        if byte == 0x1B {
          guard let end = sequenceEnd(from: index) else { break }
          obey(Array(pending[index..<end]))
          index = end
        } else {
          obeyControl(byte)
          index += 1
        }
        continue
      }
      let length =
        switch byte {
        case 0xC2..<0xE0: 2
        case 0xE0..<0xF0: 3
        case 0xF0..<0xF5: 4
        default: 1
        }
      guard index + length <= pending.count else { break }
      var decoder = UTF8()
      var iterator = pending[index..<index + length].makeIterator()
      if case .scalarValue(let scalar) = decoder.decode(&iterator) {
        if (0x80..<0xA0).contains(scalar.value) {
          unrecognized.append("C1 control U+\(String(scalar.value, radix: 16, uppercase: true))")
        } else {
          text.append(scalar)
        }
      } else {
        unrecognized.append("malformed UTF-8")
      }
      index += length
    }
    printText(&text)
    pending.removeFirst(index)
  }

  private mutating func printText(_ text: inout String.UnicodeScalarView) {
    guard !text.isEmpty else { return }
    for character in String(text) { print(character) }
    text = String.UnicodeScalarView()
  }

  /// Where the sequence starting with the Escape at `index` ends, or `nil` if it is unfinished.
  private func sequenceEnd(from index: Int) -> Int? {
    guard index + 1 < pending.count else { return nil }
    guard pending[index + 1] == UInt8(ascii: "[") else { return index + 2 }
    var position = index + 2
    while position < pending.count {
      if (0x40...0x7E).contains(pending[position]) { return position + 1 }
      position += 1
    }
    return nil
  }

  private mutating func obeyControl(_ byte: UInt8) {
    switch byte {
    case 0x0D:
      cursor.column = 0
      isWrapPending = false
    case 0x0A:
      lineFeed()
    case 0x08:
      cursor.column = max(0, cursor.column - 1)
      isWrapPending = false
    default:
      unrecognized.append("control 0x\(String(byte, radix: 16, uppercase: true))")
    }
  }

  /// Obeys one escape sequence, `ESC` included.
  private mutating func obey(_ sequence: [UInt8]) {
    guard sequence.count >= 3, sequence[1] == UInt8(ascii: "["), let final = sequence.last else {
      unrecognized.append("ESC " + String(decoding: sequence.dropFirst(), as: UTF8.self))
      return
    }
    let name = String(decoding: sequence.dropFirst(2), as: UTF8.self)
    var body = sequence[2..<sequence.count - 1]
    let isPrivate = body.first == UInt8(ascii: "?")
    if isPrivate { body = body.dropFirst() }
    let numbers: [Int?] = body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      .map { Int(String(decoding: $0, as: UTF8.self)) }
    func number(_ index: Int, default value: Int) -> Int {
      guard index < numbers.count, let number = numbers[index], number > 0 else { return value }
      return number
    }
    switch (isPrivate, final) {
    case (false, UInt8(ascii: "H")), (false, UInt8(ascii: "f")):
      moveCursor(column: number(1, default: 1) - 1, row: number(0, default: 1) - 1)
    case (false, UInt8(ascii: "A")):
      moveCursor(column: cursor.column, row: cursor.row - number(0, default: 1))
    case (false, UInt8(ascii: "B")):
      moveCursor(column: cursor.column, row: cursor.row + number(0, default: 1))
    case (false, UInt8(ascii: "C")):
      moveCursor(column: cursor.column + number(0, default: 1), row: cursor.row)
    case (false, UInt8(ascii: "D")):
      moveCursor(column: cursor.column - number(0, default: 1), row: cursor.row)
    case (false, UInt8(ascii: "G")):
      moveCursor(column: number(0, default: 1) - 1, row: cursor.row)
    case (false, UInt8(ascii: "d")):
      moveCursor(column: cursor.column, row: number(0, default: 1) - 1)
    case (false, UInt8(ascii: "J")):
      let here = cursor.row * width + cursor.column
      switch numbers.first ?? 0 {
      case 0, nil: erase(from: here, to: cells.count)
      case 1: erase(from: 0, to: here + 1)
      case 2, 3: erase(from: 0, to: cells.count)
      default: unrecognized.append("CSI " + name)
      }
    case (false, UInt8(ascii: "K")):
      let start = cursor.row * width
      switch numbers.first ?? 0 {
      case 0, nil: erase(from: start + cursor.column, to: start + width)
      case 1: erase(from: start, to: start + cursor.column + 1)
      case 2: erase(from: start, to: start + width)
      default: unrecognized.append("CSI " + name)
      }
    case (false, UInt8(ascii: "m")):
      selectGraphicRendition(numbers.map { $0 ?? 0 }, name: name)
    case (true, UInt8(ascii: "h")), (true, UInt8(ascii: "l")):
      let isSet = final == UInt8(ascii: "h")
      for mode in numbers {
        switch mode {
        case 25: isCursorVisible = isSet
        case 1049: showAlternateScreen(isSet)
        case 2004: isBracketedPasteEnabled = isSet
        case 1000: isMouseReportingEnabled = isSet
        case 1006: isSGRMouseEnabled = isSet
        default: unrecognized.append("CSI " + name)
        }
      }
    default:
      unrecognized.append("CSI " + name)
    }
  }

  private mutating func moveCursor(column: Int, row: Int) {
    cursor = TerminalPosition(
      column: min(max(0, column), width - 1), row: min(max(0, row), height - 1))
    isWrapPending = false
  }

  /// SGR: the parameters in order, 0 (or none) for the plain style.
  private mutating func selectGraphicRendition(_ parameters: [Int], name: String) {
    var index = 0
    func color() -> TerminalColor? {
      let kind = index + 1 < parameters.count ? parameters[index + 1] : -1
      if kind == 5, index + 2 < parameters.count, (0...255).contains(parameters[index + 2]) {
        index += 2
        return .indexed(UInt8(parameters[index]))
      }
      if kind == 2, index + 4 < parameters.count,
        parameters[index + 2...index + 4].allSatisfy({ (0...255).contains($0) })
      {
        index += 4
        return .rgb(
          red: UInt8(parameters[index - 2]), green: UInt8(parameters[index - 1]),
          blue: UInt8(parameters[index]))
      }
      unrecognized.append("CSI " + name)
      return nil
    }
    while index < parameters.count {
      let parameter = parameters[index]
      switch parameter {
      case 0: style = .plain
      case 1: style.attributes.insert(.bold)
      case 2: style.attributes.insert(.dim)
      case 4: style.attributes.insert(.underline)
      case 7: style.attributes.insert(.reverse)
      case 22: style.attributes.subtract([.bold, .dim])
      case 24: style.attributes.remove(.underline)
      case 27: style.attributes.remove(.reverse)
      case 30...37: style.foreground = .indexed(UInt8(parameter - 30))
      case 38: style.foreground = color()
      case 39: style.foreground = nil
      case 40...47: style.background = .indexed(UInt8(parameter - 40))
      case 48: style.background = color()
      case 49: style.background = nil
      case 90...97: style.foreground = .indexed(UInt8(parameter - 90 + 8))
      case 100...107: style.background = .indexed(UInt8(parameter - 100 + 8))
      default: unrecognized.append("CSI " + name)
      }
      index += 1
    }
    if parameters.isEmpty { style = .plain }
  }
}
