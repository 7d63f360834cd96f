/// Appends cells and the control sequences between them to a byte buffer, keeping track of
/// where the terminal's cursor is and which style it draws in, so that it writes a sequence
/// only when one is needed.
struct SequenceWriter {
  private(set) var bytes: [UInt8] = []
  /// Where the cursor is, or `nil` when that is unknown: before the first move, and after a
  /// cell in the last column (the terminal is then waiting to wrap, which differs between
  /// terminals).
  var cursor: TerminalPosition?
  /// The style the terminal draws in.
  private(set) var style = TerminalStyle.plain
  /// The text of the cell just drawn, while the cursor has not moved since.
  private var lastDrawn: String?
  private let width: Int

  init(width: Int) {
    self.width = width
  }

  mutating func append(_ sequence: [UInt8]) {
    bytes.append(contentsOf: sequence)
  }

  /// The plain style, the cursor at the top left and every cell a plain space.
  mutating func clearScreen() {
    append(TerminalSequences.resetStyle)
    append(TerminalSequences.clearScreen)
    style = .plain
    cursor = TerminalPosition(column: 0, row: 0)
  }

  /// Draws `cell` at `column`, `row`; `line` is the row of the frame being drawn.
  mutating func draw(
    _ cell: TerminalCell, column: Int, row: Int, line: ArraySlice<TerminalCell>
  ) {
    let target = TerminalPosition(column: column, row: row)
    if cursor != target {
      if !rewriteGap(before: column, row: row, line: line) { move(to: target) }
    } else if let lastDrawn, joins(lastDrawn, cell.text) {
      // NB: written straight after the cell before, the two would not split into the same two
      // grapheme clusters (regional indicators pair up, a ZWJ sequence or conjoining jamo
      // join), and a terminal that clusters graphemes would draw them wrongly; an explicit
      // move starts a new cell.
      moveAbsolute(to: target)
    }
    setStyle(cell.style)
    bytes.append(contentsOf: cell.text.utf8)
    lastDrawn = cell.text
    let next = column + cell.width
    cursor = next < width ? TerminalPosition(column: next, row: row) : nil
  }

  /// Moves a few columns forward by writing again the unchanged cells in between, when they
  /// are one ASCII byte each in the current style, which is shorter than a cursor movement (a
  /// space costs 1 byte, CSI C costs 3); returns whether it did.
  private mutating func rewriteGap(
    before column: Int, row: Int, line: ArraySlice<TerminalCell>
  ) -> Bool {
    guard let cursor, cursor.row == row, cursor.column < column, column - cursor.column <= 3,
      lastDrawn?.utf8.last.map({ $0 < 0x80 }) ?? true
    else { return false }
    let gap = line[line.startIndex + cursor.column..<line.startIndex + column]
    guard gap.allSatisfy({ $0.style == style && $0.text.utf8.count == 1 && $0.width == 1 })
    else { return false }
    for cell in gap { bytes.append(contentsOf: cell.text.utf8) }
    self.cursor = TerminalPosition(column: column, row: row)
    lastDrawn = gap.last?.text
    return true
  }

  private func joins(_ first: String, _ second: String) -> Bool {
    if let last = first.utf8.last, let next = second.utf8.first, last < 0x80, next < 0x80 {
      return false
    }
    let joined = first + second
    var characters = joined.makeIterator()
    return characters.next().map(String.init) != first
      || characters.next().map(String.init) != second || characters.next() != nil
  }

  /// Moves the cursor to `target` with the shortest sequence that does it.
  mutating func move(to target: TerminalPosition) {
    guard cursor != target else { return }
    var best = absoluteMove(to: target)
    if let cursor {
      var relative: [UInt8] = []
      let rows = target.row - cursor.row
      if rows > 0 { appendCSI(rows == 1 ? nil : rows, final: "B", to: &relative) }
      if rows < 0 { appendCSI(rows == -1 ? nil : -rows, final: "A", to: &relative) }
      relative += horizontalMove(from: cursor.column, to: target.column)
      if relative.count < best.count { best = relative }
    }
    bytes += best
    cursor = target
    lastDrawn = nil
  }

  private mutating func moveAbsolute(to target: TerminalPosition) {
    var sequence: [UInt8] = []
    appendCSI(target.column + 1, final: "G", to: &sequence)
    bytes += sequence
    cursor = target
    lastDrawn = nil
  }

  /// CUP: CSI row ; column H, both counted from 1 and left out when 1.
  private func absoluteMove(to target: TerminalPosition) -> [UInt8] {
    var sequence: [UInt8] = [0x1B, UInt8(ascii: "[")]
    if target.row > 0 || target.column > 0 { appendDecimal(target.row + 1, to: &sequence) }
    if target.column > 0 {
      sequence.append(UInt8(ascii: ";"))
      appendDecimal(target.column + 1, to: &sequence)
    }
    sequence.append(UInt8(ascii: "H"))
    return sequence
  }

  /// The shortest of CR, CUF, CUB and CHA that moves from one column to another in a row.
  private func horizontalMove(from column: Int, to target: Int) -> [UInt8] {
    if column == target { return [] }
    if target == 0 { return [0x0D] }
    var absolute: [UInt8] = []
    appendCSI(target + 1, final: "G", to: &absolute)
    var relative: [UInt8] = []
    let columns = target - column
    appendCSI(
      abs(columns) == 1 ? nil : abs(columns), final: columns > 0 ? "C" : "D", to: &relative)
    return relative.count <= absolute.count ? relative : absolute
  }

  /// Changes the terminal's style to `next` with the shorter of a change of what differs and
  /// a reset followed by all of `next`.
  mutating func setStyle(_ next: TerminalStyle) {
    guard next != style else { return }
    var changes: [Int] = []
    var added = next.attributes.subtracting(style.attributes)
    let removed = style.attributes.subtracting(next.attributes)
    if !removed.isDisjoint(with: [.bold, .dim]) {
      // SGR 22 ends both bold and dim; the one that stays is set again.
      changes.append(22)
      added.formUnion(next.attributes.intersection([.bold, .dim]))
    }
    if removed.contains(.underline) { changes.append(24) }
    if removed.contains(.reverse) { changes.append(27) }
    appendAttributes(added, to: &changes)
    if next.foreground != style.foreground {
      appendColor(next.foreground, base: 30, to: &changes)
    }
    if next.background != style.background {
      appendColor(next.background, base: 40, to: &changes)
    }
    var reset: [Int] = next == .plain ? [] : [0]
    appendAttributes(next.attributes, to: &reset)
    if next.foreground != nil { appendColor(next.foreground, base: 30, to: &reset) }
    if next.background != nil { appendColor(next.background, base: 40, to: &reset) }
    let parameters = length(of: reset) <= length(of: changes) ? reset : changes
    bytes += [0x1B, UInt8(ascii: "[")]
    for (index, parameter) in parameters.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ";")) }
      appendDecimal(parameter, to: &bytes)
    }
    bytes.append(UInt8(ascii: "m"))
    style = next
  }

  private func appendAttributes(_ attributes: TerminalAttributes, to parameters: inout [Int]) {
    if attributes.contains(.bold) { parameters.append(1) }
    if attributes.contains(.dim) { parameters.append(2) }
    if attributes.contains(.underline) { parameters.append(4) }
    if attributes.contains(.reverse) { parameters.append(7) }
  }

  /// The SGR parameters of a foreground (`base` 30) or background (`base` 40) colour: the
  /// short forms for the 16 standard colours, 38;5;n or 38;2;r;g;b for the others, and 39 or
  /// 49 for the default.
  private func appendColor(_ color: TerminalColor?, base: Int, to parameters: inout [Int]) {
    guard let color else {
      parameters.append(base + 9)
      return
    }
    if let index = color.index.map(Int.init) {
      switch index {
      case 0..<8: parameters.append(base + index)
      case 8..<16: parameters.append(base + 60 + index - 8)
      default: parameters += [base + 8, 5, index]
      }
    } else if let components = color.components {
      parameters += [
        base + 8, 2, Int(components.red), Int(components.green), Int(components.blue),
      ]
    }
  }

  private func length(of parameters: [Int]) -> Int {
    var total = max(0, parameters.count - 1)
    for parameter in parameters { total += digitCount(parameter) }
    return total
  }
}

/// CSI n final, with n left out when `nil`.
private func appendCSI(_ count: Int?, final: Unicode.Scalar, to bytes: inout [UInt8]) {
  bytes += [0x1B, UInt8(ascii: "[")]
  if let count { appendDecimal(count, to: &bytes) }
  bytes.append(UInt8(ascii: final))
}

private func digitCount(_ value: Int) -> Int {
  var count = 1
  var rest = value / 10
  while rest > 0 {
    count += 1
    rest /= 10
  }
  return count
}

/// The decimal digits of a non-negative number.
private func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
  let digits = digitCount(value)
  var divisor = 1
  for _ in 1..<digits { divisor *= 10 }
  var rest = value
  while divisor > 0 {
    bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
    rest %= divisor
    divisor /= 10
  }
}
