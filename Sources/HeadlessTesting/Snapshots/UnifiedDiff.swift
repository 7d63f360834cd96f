/// A unified diff of two texts, as `diff -u` prints it: hunks of changed lines with `context`
/// unchanged lines around them, each under an `@@ -start,count +start,count @@` header. Stored
/// and inline snapshots, transcripts and the showcase's interactive mode all print this diff;
/// `context: .max` shows every line of both texts.
///
/// White space that is easy to miss is marked: trailing spaces and tabs show as `·` and `→`
/// followed by `⟵ trailing white space`, and a text that does not end with a line break is
/// followed by `\ No newline at end of file`. At most `limit` lines of hunks are printed; the
/// rest is counted, so the diff fits on one screen.
///
/// ```swift
/// let diff = unifiedDiff(from: "a\nb\nc\n", to: "a\nB\nc\n")
/// // @@ -1,3 +1,3 @@
/// //  a
/// // -b
/// // +B
/// //  c
/// ```
///
/// - Parameters:
///   - old: The text before, marked `-`.
///   - new: The text after, marked `+`.
///   - context: How many unchanged lines to show around each change.
///   - limit: How many lines of hunks to print at most.
/// - Returns: The hunks, or an empty string when the texts are equal.
public func unifiedDiff(
  from old: String, to new: String, context: Int = 2, limit: Int = 40
) -> String {
  let before = DiffLine.lines(of: old)
  let after = DiffLine.lines(of: new)
  let operations = DiffOperation.script(from: before, to: after)
  var printed: [String] = []
  var omitted = 0
  for hunk in hunks(of: operations, context: context) {
    var lines = [hunk.header]
    for operation in operations[hunk.range] {
      switch operation {
      case .same(let i, _): lines += before[i].printed(marker: " ")
      case .removed(let i): lines += before[i].printed(marker: "-")
      case .inserted(let j): lines += after[j].printed(marker: "+")
      }
    }
    if printed.count + lines.count <= limit || printed.isEmpty {
      printed += lines.prefix(max(limit, 1))
      omitted += max(0, lines.count - max(limit, 1))
    } else {
      omitted += lines.count
    }
  }
  if omitted > 0 { printed.append("… \(omitted) more lines of the diff not shown") }
  return printed.joined(separator: "\n")
}

/// One line of a text, and whether it ends without a line break (the last line of a text
/// that does not end with one).
private struct DiffLine: Equatable {
  let text: Substring
  let endsWithoutNewline: Bool

  static func lines(of text: String) -> [DiffLine] {
    guard !text.isEmpty else { return [] }
    var lines = linesSplitAtLineFeeds(text)
    let endsWithNewline = text.unicodeScalars.last == "\n"
    if endsWithNewline { lines.removeLast() }
    return lines.enumerated().map { index, line in
      DiffLine(text: line, endsWithoutNewline: !endsWithNewline && index == lines.count - 1)
    }
  }

  /// The line as a diff prints it, with its white-space markers; a carriage return before the
  /// line feed (a CRLF line ending) is shown as `␍`.
  func printed(marker: Character) -> [String] {
    var text = text
    let endsWithReturn = text.unicodeScalars.last == "\r"
    if endsWithReturn { text = Substring(text.unicodeScalars.dropLast()) }
    let body = text.reversed().drop { $0 == " " || $0 == "\t" }
    let trailing = text.count - body.count
    var line = String(marker) + text.dropLast(trailing)
    if trailing > 0 {
      line += text.suffix(trailing).map { $0 == "\t" ? "→" : "·" }.joined()
    }
    if endsWithReturn { line += "␍" }
    if trailing > 0 || endsWithReturn {
      line +=
        trailing > 0 && endsWithReturn
        ? "  ⟵ trailing white space and a carriage return"
        : trailing > 0 ? "  ⟵ trailing white space" : "  ⟵ a carriage return (CRLF line ending)"
    }
    return endsWithoutNewline ? [line, "\\ No newline at end of file"] : [line]
  }
}

/// A step of an edit script: an unchanged line (its indices before and after), a removed line
/// (its index before) or an inserted one (its index after).
private enum DiffOperation {
  case same(Int, Int)
  case removed(Int)
  case inserted(Int)

  var isChange: Bool {
    if case .same = self { return false }
    return true
  }

  static func script(from before: [DiffLine], to after: [DiffLine]) -> [DiffOperation] {
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in after.difference(from: before) {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    var operations: [DiffOperation] = []
    var i = 0
    var j = 0
    while i < before.count || j < after.count {
      if i < before.count && removed.contains(i) {
        operations.append(.removed(i))
        i += 1
      } else if j < after.count && inserted.contains(j) {
        operations.append(.inserted(j))
        j += 1
      } else {
        operations.append(.same(i, j))
        i += 1
        j += 1
      }
    }
    return operations
  }
}

/// A hunk: a range of the edit script and its header.
private struct Hunk {
  let range: Range<Int>
  let header: String
}

/// The hunks of an edit script: each change with `context` operations around it, merged when
/// they touch.
private func hunks(of operations: [DiffOperation], context: Int) -> [Hunk] {
  var ranges: [Range<Int>] = []
  for (index, operation) in operations.enumerated() where operation.isChange {
    let around = min(context, operations.count)
    let range = max(0, index - around)..<min(operations.count, index + around + 1)
    if let last = ranges.last, range.lowerBound <= last.upperBound {
      ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
    } else {
      ranges.append(range)
    }
  }
  // How many lines of each text `operations` span.
  func lineCounts(_ operations: ArraySlice<DiffOperation>) -> (old: Int, new: Int) {
    var counts = (old: 0, new: 0)
    for operation in operations {
      switch operation {
      case .same: (counts.old, counts.new) = (counts.old + 1, counts.new + 1)
      case .removed: counts.old += 1
      case .inserted: counts.new += 1
      }
    }
    return counts
  }
  return ranges.map { range in
    // Line numbers where the hunk starts: the lines before it in each text, plus one.
    let (oldStart, newStart) = lineCounts(operations[..<range.lowerBound])
    let (oldCount, newCount) = lineCounts(operations[range])
    let old = "\(oldCount == 0 ? oldStart : oldStart + 1),\(oldCount)"
    let new = "\(newCount == 0 ? newStart : newStart + 1),\(newCount)"
    return Hunk(range: range, header: "@@ -\(old) +\(new) @@")
  }
}

/// The lines of `text`, split at each line feed, the last one empty when `text` ends with one.
///
/// NB: split at line feeds, not at `Character`s: "\r\n" is one `Character`, and a text with
/// CRLF line endings would be one line.
private func linesSplitAtLineFeeds(_ text: String) -> [Substring] {
  text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
    Substring($0)
  }
}
