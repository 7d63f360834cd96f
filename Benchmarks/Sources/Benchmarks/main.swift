import Glibc

/// Runs every scenario and prints one table.
///
///     swift run -c release --package-path Benchmarks Benchmarks [--quick] [--markdown]
///
/// `--quick` runs tiny iteration counts, prints no timings, and exits with status 1 if a counted
/// invariant fails (diamond and batch write each widget once, fan-out delivers every update).
/// `--markdown` prints the table as Markdown, as `Docs/Performance.md` shows it.
let arguments = Set(CommandLine.arguments.dropFirst())
let unknown = arguments.subtracting(["--quick", "--markdown"])
if !unknown.isEmpty {
  print("unknown arguments: \(unknown.sorted().joined(separator: " "))")
  print("usage: Benchmarks [--quick] [--markdown]")
  exit(2)
}
let settings = arguments.contains("--quick") ? Settings.quick : Settings.full
let markdown = arguments.contains("--markdown")

var rows: [Row] = []
rows.append(chainRow(settings))
rows += fanOutRows(settings)
rows += diamondRows(settings)
rows += batchRows(settings)
rows += try await typingRows(settings)
rows += mountRows(settings)
rows += renderRows(settings)
rows += memoryRows(settings)
rows.append(
  Row(scenario: "lists: 10,000 rows, diff and apply", unit: "", note: "n/a: lists not built yet"))

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
