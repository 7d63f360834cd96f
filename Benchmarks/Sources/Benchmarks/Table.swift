/// What a row promises, checked against the figures measured in the same run.
enum Target {
  /// The engine's figure at most `limit` times the hand-written closures'.
  case closuresRatio(Double)
  /// The engine's figure at most `limit` times raw Observation's.
  case observationRatio(Double)
  /// The engine's figure at most `limit`, in the row's unit.
  case atMost(Double)
  /// A counted invariant: the row's count must equal the expected one.
  case count(expected: Double, what: String)
  /// No target: the row is there to be read.
  case none
  /// The scenario cannot run yet; the reason is shown in place of a target.
  case notApplicable(String)

  var text: String {
    switch self {
    case .closuresRatio(let limit): "≤ \(format(limit))× closures"
    case .observationRatio(let limit): "≤ \(format(limit))× Observation"
    case .atMost(let limit): "≤ \(format(limit))"
    case .count(let expected, let what): "\(format(expected)) \(what)"
    case .none: ""
    case .notApplicable(let reason): reason
    }
  }
}

/// One line of the results table.
struct Row {
  var scenario: String
  var unit: String
  /// The binding graph's figure.
  var engine: Double?
  /// The same scenario by hand with closures and `didSet`.
  var closures: Double?
  /// The same scenario with `withObservationTracking` re-registered per change.
  var observation: Double?
  var target: Target = .none
  /// A counted figure shown beside the timing, such as updates per change.
  var count: Double?
  var note = ""

  var closuresRatio: Double? { ratio(engine, closures) }
  var observationRatio: Double? { ratio(engine, observation) }

  /// Whether the target holds, or `nil` when the row has none.
  var passes: Bool? {
    switch target {
    case .closuresRatio(let limit): closuresRatio.map { $0 <= limit }
    case .observationRatio(let limit): observationRatio.map { $0 <= limit }
    case .atMost(let limit): engine.map { $0 <= limit }
    case .count(let expected, _): count.map { $0 == expected }
    case .none, .notApplicable: nil
    }
  }

  /// Whether a counted invariant the row checks has failed (the only failures quick mode reports).
  var countFails: Bool {
    if case .count = target { return passes == false }
    return false
  }

  private func ratio(_ a: Double?, _ b: Double?) -> Double? {
    guard let a, let b, b > 0 else { return nil }
    return a / b
  }
}

/// The table's columns, in order.
private let header = [
  "scenario", "unit", "engine", "closures", "× closures", "Observation", "× Observation",
  "count", "target", "result",
]

func cells(_ row: Row, timings: Bool) -> [String] {
  let result: String =
    switch row.passes {
    case .some(true): "pass"
    case .some(false): "MISS"
    case .none: ""
    }
  let timed = { (value: Double?) in timings ? value.map(format) ?? "" : "-" }
  let ratio = { (value: Double?) in timings ? value.map { format($0) + "×" } ?? "" : "-" }
  let isTimed: Bool
  switch row.target {
  case .count, .none, .notApplicable: isTimed = false
  default: isTimed = true
  }
  return [
    row.scenario, row.unit, timed(row.engine), timed(row.closures), ratio(row.closuresRatio),
    timed(row.observation), ratio(row.observationRatio), row.count.map(format) ?? "",
    row.target.text,
    timings || !isTimed ? result : "-",
  ]
}

/// The table as aligned plain text.
func plainTable(_ rows: [Row], timings: Bool) -> String {
  let body = [header] + rows.map { cells($0, timings: timings) }
  var widths = Array(repeating: 0, count: header.count)
  for line in body {
    for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) }
  }
  var lines: [String] = []
  for (number, line) in body.enumerated() {
    let padded = line.enumerated().map { index, cell in
      index < 2
        ? cell + String(repeating: " ", count: widths[index] - cell.count)
        : String(repeating: " ", count: widths[index] - cell.count) + cell
    }
    lines.append(padded.joined(separator: "  "))
    if number == 0 {
      lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
    }
  }
  return lines.joined(separator: "\n")
}

/// The table as Markdown.
func markdownTable(_ rows: [Row], timings: Bool) -> String {
  var lines = ["| " + header.joined(separator: " | ") + " |"]
  lines.append("|" + header.enumerated().map { $0.offset < 2 ? "---|" : "---:|" }.joined())
  for row in rows {
    lines.append("| " + cells(row, timings: timings).joined(separator: " | ") + " |")
  }
  return lines.joined(separator: "\n")
}

/// A number as the table shows it: three significant digits, thousands grouped.
func format(_ value: Double) -> String {
  if value == value.rounded() && abs(value) < 1e15 { return grouped(Int(value)) }
  let magnitude = abs(value)
  let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
  if decimals == 0 { return grouped(Int(value.rounded())) }
  var scaled = (value * pow10(decimals)).rounded()
  let sign = scaled < 0 ? "-" : ""
  scaled = abs(scaled)
  let whole = Int(scaled) / Int(pow10(decimals))
  let fraction = Int(scaled) % Int(pow10(decimals))
  let digits = String(fraction)
  return sign + grouped(whole) + "."
    + String(repeating: "0", count: decimals - digits.count) + digits
}

private func pow10(_ exponent: Int) -> Double {
  var result = 1.0
  for _ in 0..<exponent { result *= 10 }
  return result
}

private func grouped(_ value: Int) -> String {
  let digits = String(abs(value))
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
    result.append(digit)
  }
  return (value < 0 ? "-" : "") + result
}
