import Glibc

/// Runs every scenario and prints one table.
///
///     swift run -c release --package-path Benchmarks Benchmarks [--quick] [--markdown]
///
/// `--quick` runs tiny iteration counts, prints no timings, and exits with status 1 if a counted
/// invariant fails (diamond and batch write each widget once, fan-out delivers every update, a
/// list change leaves exactly the expected rows in order and keeps the rows that stayed).
/// `--markdown` prints the table as Markdown, as `Docs/Performance.md` shows it.
/// `--only NAME` runs one scenario (chain, fan-out, diamond, batch, typing, mount, driver, render,
/// kit, memory, lists, rounds, navigation, terminal, terminal-text, pictures), or one part of the lists (lists-diff, lists-sections,
/// lists-insert, lists-render, lists-memory, lists-window), for profiling. `BENCH_REPETITIONS=N` in the
/// environment times each measurement
/// N times instead of nine, so that a profiler gathers enough samples of a short scenario.
var arguments = Array(CommandLine.arguments.dropFirst())
var selected: String?
if let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count {
  selected = arguments[index + 1]
  arguments.removeSubrange(index...index + 1)
}
let only = selected
let unknown = Set(arguments).subtracting(["--quick", "--markdown"])
if !unknown.isEmpty {
  print("unknown arguments: \(unknown.sorted().joined(separator: " "))")
  print("usage: Benchmarks [--quick] [--markdown] [--only SCENARIO]")
  exit(2)
}
var settings = arguments.contains("--quick") ? Settings.quick : Settings.full
if let text = getenv("BENCH_REPETITIONS"), let repetitions = Int(String(cString: text)),
  repetitions > 0
{
  settings.repetitions = repetitions
}
let markdown = arguments.contains("--markdown")

@MainActor func runs(_ name: String) -> Bool { only == nil || only == name }

var rows: [Row] = []
if runs("chain") { rows += chainRows(settings) }
if runs("fan-out") { rows += fanOutRows(settings) }
if runs("diamond") { rows += diamondRows(settings) }
if runs("batch") { rows += batchRows(settings) }
if runs("typing") { rows += try await typingRows(settings) }
if runs("mount") { rows += mountRows(settings) }
if runs("driver") { rows += try await driverCycleRows(settings) }
if runs("render") { rows += renderRows(settings) }
if runs("kit") { rows += try kitRenderRows(settings) }
if runs("memory") { rows += memoryRows(settings) }
if runs("lists") || only?.hasPrefix("lists-") == true { rows += listRows(settings, only: only) }
if runs("rounds") { rows += roundsRows(settings) }
if runs("navigation") { rows += try navigationRows(settings) + tabsRows(settings) }
if runs("terminal") { rows += terminalRows(settings) + terminalTypingRows(settings) }
if runs("terminal-text") { rows += terminalTextRows(settings) }
if runs("pictures") { rows += pictureRows(settings) }

let timings = !settings.isQuick
print(markdown ? markdownTable(rows, timings: timings) : plainTable(rows, timings: timings))
let notes = rows.filter { !$0.note.isEmpty }
if !notes.isEmpty {
  print("")
  for row in notes { print("\(markdown ? "- " : "")\(row.scenario): \(row.note)") }
}

let failed = rows.filter(\.countFails)
if !failed.isEmpty {
  print("")
  for row in failed {
    print(
      "FAILED: \(row.scenario): counted \(row.count.map(format) ?? "nothing"), expected \(row.target.text)"
    )
  }
  exit(1)
}
