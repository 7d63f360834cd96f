/// Rewrites the expected text of an `assertInlineSnapshot` call in Swift source, as text in and
/// text out, and refuses what it cannot rewrite safely.
///
/// It finds the one call on the given line, reads its arguments with a small scanner of Swift
/// tokens (string literals of every kind, raw or multi-line, with interpolations; comments;
/// nested brackets), and replaces the literal of its `matches:` argument, or adds the argument
/// after the first one when there is none. The new literal is a multi-line string indented two
/// spaces deeper than the call's line, raw (`#"""`) with as many `#` as its text needs.
package enum InlineSnapshotRewriter {
  /// Why a call could not be rewritten.
  package struct Refusal: Error, Equatable, CustomStringConvertible {
    package let reason: String
    package var description: String { reason }
  }

  /// The name of the function whose calls are rewritten.
  static let function = "assertInlineSnapshot"

  /// `source` with the expected text of the call on `line` (1-based) set to `text`.
  ///
  /// - Throws: ``Refusal`` when the line has no call or several, when the call cannot be read
  ///   to its end, or when its `matches:` argument is not a plain string literal (an
  ///   interpolated one, or an expression).
  package static func rewrite(
    _ source: String, line: Int, with text: String
  ) throws(Refusal) -> String {
    // NB: "\r\n" is one `Character`, so lines are counted in the file with its line endings
    // made line feeds; they are written back as they were.
    if source.contains("\r\n") {
      let lineFeeds = source.replacing("\r\n", with: "\n")
      // NB: written back with CRLF everywhere, so only a file whose every line ends so is taken.
      var previous: UInt8 = 0
      var isCRLFOnly = true
      for byte in source.utf8 {
        if byte == 0x0A && previous != 0x0D { isCRLFOnly = false }
        previous = byte
      }
      guard isCRLFOnly else {
        throw Refusal(
          reason: "the file mixes CRLF and LF line endings; give it one kind so that the call on "
            + "line \(line) can be rewritten without changing the others")
      }
      let rewritten = try rewrite(lineFeeds, line: line, with: text)
      return rewritten.replacing("\n", with: "\r\n")
    }
    let characters = Array(source)
    let lineStarts = [0] + characters.indices.filter { characters[$0] == "\n" }.map { $0 + 1 }
    guard line >= 1, line <= lineStarts.count else {
      throw Refusal(reason: "the file has no line \(line)")
    }
    let start = lineStarts[line - 1]
    let end = line < lineStarts.count ? lineStarts[line] - 1 : characters.count
    let calls = callOpenings(in: characters, from: start, to: end)
    guard !calls.isEmpty else {
      throw Refusal(reason: "line \(line) has no \(function)( call")
    }
    guard calls.count == 1 else {
      throw Refusal(
        reason: "line \(line) has \(calls.count) \(function) calls; put each on its own line so "
          + "each can be rewritten")
    }
    let scanner = Scanner(characters: characters)
    let arguments = try scanner.arguments(openingAt: calls[0])
    // The literal is indented two spaces deeper than the line it starts on.
    func literal(at position: Int) -> String {
      let lineStart = characters[..<position].lastIndex(of: "\n").map { $0 + 1 } ?? 0
      let indentation = characters[lineStart...].prefix { $0 == " " || $0 == "\t" }
      return multilineLiteral(text, indentation: String(indentation) + "  ")
    }
    if let expected = arguments.list.first(where: { $0.label == "matches" }) {
      let value = expected.value
      guard let token = scanner.literal(at: value.lowerBound), token.end == value.upperBound
      else {
        throw Refusal(
          reason: "the matches: argument on line \(line) is not a string literal; write the "
            + "expected text as one")
      }
      guard !token.interpolated else {
        throw Refusal(
          reason: "the matches: literal on line \(line) is interpolated, so its text is not "
            + "known until it runs; write it as a plain literal")
      }
      return String(characters[..<value.lowerBound]) + literal(at: value.lowerBound)
        + String(characters[value.upperBound...])
    }
    guard let first = arguments.list.first else {
      throw Refusal(reason: "the \(function) call on line \(line) has no arguments")
    }
    return String(characters[..<first.range.upperBound]) + ", matches: "
      + literal(at: first.range.upperBound) + String(characters[first.range.upperBound...])
  }

  /// `text` as a multi-line literal whose lines are indented with `indentation`.
  private static func multilineLiteral(_ text: String, indentation: String) -> String {
    // The fewest `#` with which no backslash in the text starts an escape and no `"""` in it
    // ends the literal.
    func clashes(_ hashes: Int) -> Bool {
      let suffix = String(repeating: "#", count: hashes)
      return text.contains("\\" + suffix) || text.contains("\"\"\"" + suffix)
    }
    var hashes = 0
    while clashes(hashes) { hashes += 1 }
    let delimiter = String(repeating: "#", count: hashes)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.isEmpty ? "" : indentation + $0
    }
    return delimiter + "\"\"\"\n" + lines.joined(separator: "\n") + "\n" + indentation + "\"\"\""
      + delimiter
  }

  /// The indices of the `(` of each call of ``function`` that starts between `start` and `end`,
  /// outside comments and string literals of that line.
  private static func callOpenings(
    in characters: [Character], from start: Int, to end: Int
  ) -> [Int] {
    let name = Array(function + "(")
    let scanner = Scanner(characters: characters)
    var openings: [Int] = []
    var i = start
    while i < end {
      if let skipped = scanner.skipTriviaOrLiteral(at: i) {
        i = skipped
        continue
      }
      // NB: `HeadlessTesting.assertInlineSnapshot(` is a call too; `x.assertInlineSnapshot(`
      // and `myassertInlineSnapshot(` are not.
      let qualified = Array("HeadlessTesting.")
      let isQualified =
        i >= qualified.count && Array(characters[(i - qualified.count)..<i]) == qualified
        && !isIdentifierCharacter(before: i - qualified.count, in: characters)
      let precededByName =
        isIdentifierCharacter(before: i, in: characters) || (i > 0 && characters[i - 1] == ".")
      if !precededByName || isQualified, i + name.count <= characters.count,
        Array(characters[i..<(i + name.count)]) == name
      {
        openings.append(i + name.count - 1)
        i += name.count
        continue
      }
      i += 1
    }
    return openings
  }
}

/// Whether the character before `i` can end a name.
private func isIdentifierCharacter(before i: Int, in characters: [Character]) -> Bool {
  i > 0 && characters[i - 1].isNamePart
}

extension Character {
  /// Whether the character can be part of a name: a letter, a digit, `_`.
  fileprivate var isNamePart: Bool { isLetter || isNumber || self == "_" }
}

/// A scanner of just enough Swift to find a call's arguments.
private struct Scanner {
  let characters: [Character]

  struct Argument {
    /// The whole argument, label included, without surrounding white space.
    let range: Range<Int>
    let label: String?
    /// The value after the label, without surrounding white space.
    let value: Range<Int>
  }

  /// The arguments of the call whose `(` is at `opening`.
  func arguments(
    openingAt opening: Int
  ) throws(InlineSnapshotRewriter.Refusal) -> (list: [Argument], closing: Int) {
    var list: [Argument] = []
    var argumentStart = opening + 1
    var depth = 0
    var i = opening + 1
    while i < characters.count {
      if let skipped = skipTriviaOrLiteral(at: i) {
        i = skipped
        continue
      }
      switch characters[i] {
      case "(", "[", "{": depth += 1
      case ")", "]", "}":
        if depth == 0 {
          if let argument = argument(argumentStart..<i) { list.append(argument) }
          return (list, i)
        }
        depth -= 1
      case "," where depth == 0:
        if let argument = argument(argumentStart..<i) { list.append(argument) }
        argumentStart = i + 1
      default: break
      }
      i += 1
    }
    throw InlineSnapshotRewriter.Refusal(
      reason: "the \(InlineSnapshotRewriter.function) call never closes its parenthesis")
  }

  /// The argument written in `range`, without the white space and comments around it (a
  /// comment after the last argument is not part of it), or `nil` when there is none.
  private func argument(_ range: Range<Int>) -> Argument? {
    let code = significant(range)
    guard !code.isEmpty else { return nil }
    var i = code.lowerBound
    while i < code.upperBound, characters[i].isNamePart { i += 1 }
    var j = i
    while j < code.upperBound, characters[j] == " " { j += 1 }
    if i > code.lowerBound, j < code.upperBound, characters[j] == ":" {
      let label = String(characters[code.lowerBound..<i])
      return Argument(range: code, label: label, value: significant((j + 1)..<code.upperBound))
    }
    return Argument(range: code, label: nil, value: code)
  }

  /// `range` without the white space and comments around its code: `matches: /* tree */ "old"
  /// // after saving` has the value `"old"`.
  private func significant(_ range: Range<Int>) -> Range<Int> {
    var lower: Int?
    var end = range.lowerBound
    var i = range.lowerBound
    while i < range.upperBound {
      if characters[i].isWhitespace {
        i += 1
      } else if let skipped = skipTrivia(at: i) {
        i = skipped
      } else if let token = literal(at: i) {
        lower = lower ?? i
        end = token.end
        i = token.end
      } else {
        lower = lower ?? i
        end = i + 1
        i += 1
      }
    }
    guard let lower else { return range.lowerBound..<range.lowerBound }
    return lower..<min(end, range.upperBound)
  }

  /// The index after a comment or a string literal starting at `i`, or `nil` when none starts
  /// there.
  func skipTriviaOrLiteral(at i: Int) -> Int? {
    skipTrivia(at: i) ?? literal(at: i)?.end
  }

  /// The index after a comment starting at `i`, or `nil` when none starts there.
  func skipTrivia(at i: Int) -> Int? {
    guard characters[i] == "/", i + 1 < characters.count else { return nil }
    if characters[i + 1] == "/" {
      var j = i
      while j < characters.count, characters[j] != "\n" { j += 1 }
      return j
    }
    if characters[i + 1] == "*" {
      var depth = 0
      var j = i
      while j + 1 < characters.count {
        if characters[j] == "/" && characters[j + 1] == "*" {
          depth += 1
          j += 2
        } else if characters[j] == "*" && characters[j + 1] == "/" {
          depth -= 1
          j += 2
          if depth == 0 { return j }
        } else {
          j += 1
        }
      }
      return characters.count
    }
    return nil
  }

  /// The string literal starting at `i` (raw or not, one line or several): where it ends, and
  /// whether it interpolates.
  func literal(at i: Int) -> (end: Int, interpolated: Bool)? {
    var j = i
    while j < characters.count, characters[j] == "#" { j += 1 }
    let hashes = j - i
    guard j < characters.count, characters[j] == "\"" else { return nil }
    let multiline =
      j + 2 < characters.count && characters[j + 1] == "\""
      && characters[j + 2] == "\""
    let quote = multiline ? 3 : 1
    if !multiline, j + 1 < characters.count, characters[j + 1] == "\"" {
      // An empty one-line literal: "" followed by the hashes.
      return (j + 2 + hashes, false)
    }
    j += quote
    var interpolated = false
    while j < characters.count {
      if characters[j] == "\\" && has(hashes, "#", at: j + 1) {
        let escaped = j + 1 + hashes
        if escaped < characters.count, characters[escaped] == "(" {
          interpolated = true
          j = skipInterpolation(openingAt: escaped)
        } else {
          j = escaped + 1
        }
        continue
      }
      if has(quote, "\"", at: j) && has(hashes, "#", at: j + quote) {
        return (j + quote + hashes, interpolated)
      }
      if !multiline && characters[j] == "\n" { return nil }
      j += 1
    }
    return nil
  }

  /// Whether `count` characters `character` stand at `i`.
  private func has(_ count: Int, _ character: Character, at i: Int) -> Bool {
    i + count <= characters.count && characters[i..<(i + count)].allSatisfy { $0 == character }
  }

  /// The index after the `)` matching the `(` at `opening`, skipping nested literals.
  private func skipInterpolation(openingAt opening: Int) -> Int {
    var depth = 0
    var j = opening
    while j < characters.count {
      if let token = literal(at: j) {
        j = token.end
        continue
      }
      if characters[j] == "(" { depth += 1 }
      if characters[j] == ")" {
        depth -= 1
        if depth == 0 { return j + 1 }
      }
      j += 1
    }
    return characters.count
  }
}
