import Foundation

/// A line-based audit of the documentation comments of Swift source, for what swift-format's
/// rules leave out: `AllPublicDeclarationsHaveDocumentation` asks for a comment on each public
/// declaration but not on protocol requirements or enum cases, and
/// `ValidateDocumentationComments` checks parameters, return values and errors only in a comment
/// that already has a `Parameters` section.
///
/// It reads each public or open function, initializer and subscript, and each requirement of a
/// public protocol: every parameter is documented by its name (`- Parameter name:` or an entry
/// of `- Parameters:`), a function returning a value has `- Returns:`, one that throws has
/// `- Throws:`. Each requirement of a public protocol and each case of a public enum has a
/// comment. It reads lines, not a syntax tree: signatures are assumed formatted by swift-format
/// (braces of bodies on the signature's last line or the next), and members are public by their
/// own modifier (the lint's `NoAccessLevelOnExtensionDeclaration` forbids `public extension`).
struct DocumentationAudit {
  /// What a brace opened: the body of a public protocol, of a public enum, or anything else.
  private enum Scope {
    case publicProtocol
    case publicEnum
    case other
  }

  private static let modifiers: Set<String> = [
    "public", "open", "static", "class", "final", "override", "nonisolated", "mutating",
    "nonmutating", "convenience", "required", "dynamic", "indirect", "consuming", "borrowing",
  ]
  private static let hidden: Set<String> = [
    "package", "internal", "private", "fileprivate",
  ]

  /// The findings for the Swift files under `folders`, each `path:line: what is missing`, with
  /// paths relative to `root`.
  static func findings(under folders: [String], root: URL) throws -> [String] {
    var found: [String] = []
    for folder in folders {
      let base = root.appendingPathComponent(folder)
      guard
        let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
      else { continue }
      var paths: [String] = []
      for case let file as URL in files where file.pathExtension == "swift" {
        paths.append(file.path)
      }
      for path in paths.sorted() {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let relative = String(path.dropFirst(root.path.count + 1))
        found += findings(in: text, file: relative)
      }
    }
    return found
  }

  /// The findings for one file's text, each `file:line: what is missing`.
  static func findings(in text: String, file: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var scopes: [Scope] = []
    var inMultilineString = false
    var found: [String] = []
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let code = codePart(of: trimmed)
      if !inMultilineString {
        let problems = check(
          trimmed, at: index, in: lines, scope: scopes.last ?? .other)
        found += problems.map { "\(file):\(index + 1): \($0)" }
      }
      if code.components(separatedBy: "\"\"\"").count % 2 == 0 { inMultilineString.toggle() }
      if inMultilineString { continue }
      let opened = scopeOpened(by: code)
      for character in code {
        if character == "{" {
          scopes.append(opened.first ?? .other)
        } else if character == "}", !scopes.isEmpty {
          scopes.removeLast()
        }
      }
    }
    return found
  }

  /// The line without its comment and without the contents of its string literals.
  private static func codePart(of line: String) -> String {
    if line.hasPrefix("//") { return "" }
    var result = ""
    var inString = false
    var escaped = false
    var previous: Character = " "
    for character in line {
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
          result.append(character)
        }
        continue
      }
      if character == "/" && previous == "/" {
        result.removeLast()
        break
      }
      if character == "\"" { inString = true }
      result.append(character)
      previous = character
    }
    return result
  }

  /// The scope the first brace of `code` opens, when the line declares a public protocol or
  /// enum; empty otherwise.
  private static func scopeOpened(by code: String) -> [Scope] {
    let words = declarationWords(code)
    guard words.contains("public") || words.contains("open") else { return [] }
    if words.contains("protocol") { return [.publicProtocol] }
    if words.contains("enum") { return [.publicEnum] }
    return []
  }

  /// The words of a declaration line before its name, attributes left out.
  private static func declarationWords(_ code: String) -> [String] {
    var words: [String] = []
    for word in code.split(separator: " ") {
      if word.hasPrefix("@") { continue }
      words.append(String(word))
      if !modifiers.contains(String(word)) && !hidden.contains(String(word)) { break }
    }
    return words
  }

  private static func check(
    _ trimmed: String, at index: Int, in lines: [String], scope: Scope
  ) -> [String] {
    let code = codePart(of: trimmed)
    let words = declarationWords(code)
    guard let keyword = words.last else { return [] }
    let isPublic = words.contains("public") || words.contains("open")
    let isHidden = words.contains { hidden.contains($0) }
    let doc = documentation(above: index, in: lines)
    if scope == .publicEnum && keyword == "case" && words.count == 1 {
      return doc.isEmpty ? ["enum case `\(code)` has no documentation comment"] : []
    }
    let kind = String(keyword.prefix { $0 != "(" && $0 != "<" })
    guard ["func", "init", "init?", "init!", "subscript"].contains(kind) else {
      if scope == .publicProtocol && ["var", "associatedtype", "static"].contains(keyword) {
        return doc.isEmpty ? ["protocol requirement `\(code)` has no documentation comment"] : []
      }
      return []
    }
    guard !isHidden, isPublic || scope == .publicProtocol else { return [] }
    let signature = self.signature(from: index, in: lines)
    let name = self.name(in: signature, after: kind)
    guard !doc.isEmpty else {
      return ["`\(name)` has no documentation comment"]
    }
    var problems: [String] = []
    for parameter in parameterNames(signature)
    where !doc.contains("- Parameter \(parameter):") && !doc.contains("- \(parameter):") {
      problems.append("`\(name)` does not document its parameter `\(parameter)`")
    }
    let tail = self.tail(signature)
    if kind == "func", let arrow = tail.range(of: "->") {
      let result = tail[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
      let type = result.split(separator: " ").first.map(String.init) ?? ""
      if !["Void", "()", "Never"].contains(type) && !doc.contains("- Returns:") {
        problems.append("`\(name)` does not document what it returns (`- Returns:`)")
      }
    }
    let tailWords = tail.split { $0 == " " || $0 == "(" }
    if tailWords.contains("throws") && !doc.contains("- Throws:") {
      problems.append("`\(name)` does not document what it throws (`- Throws:`)")
    }
    return problems
  }

  /// The declared name, such as `bind`, `<` or `init`.
  private static func name(in signature: String, after kind: String) -> String {
    guard kind == "func", let range = signature.range(of: "func ") else { return kind }
    let rest = signature[range.upperBound...]
    if let first = rest.first, !first.isLetter && first != "_" {
      return String(rest.prefix { $0 != " " && $0 != "(" })
    }
    return String(rest.prefix { $0 != "(" && $0 != "<" })
  }

  /// The `///` lines right above line `index`, attributes between them skipped.
  private static func documentation(above index: Int, in lines: [String]) -> String {
    var doc: [String] = []
    var line = index - 1
    while line >= 0 {
      let trimmed = lines[line].trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("///") {
        doc.append(trimmed)
      } else if trimmed == ")", let start = attributeStart(endingAt: line, in: lines) {
        // NB: an attribute written over several lines, such as `@available(` ... `)`.
        line = start
      } else if !trimmed.hasPrefix("@") {
        break
      }
      line -= 1
    }
    return doc.reversed().joined(separator: "\n")
  }

  /// The line that opens the attribute whose argument list closes on line `end`, if one does.
  private static func attributeStart(endingAt end: Int, in lines: [String]) -> Int? {
    var line = end - 1
    while line >= 0 {
      let trimmed = lines[line].trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("@"), trimmed.hasSuffix("(") { return line }
      if trimmed.hasPrefix("///") || trimmed.isEmpty || trimmed.hasSuffix("{") { return nil }
      line -= 1
    }
    return nil
  }

  /// The declaration from line `index` to its parameter list's end, and the effects and result
  /// after it, as one line with comments removed.
  private static func signature(from index: Int, in lines: [String]) -> String {
    var text = ""
    var depth = 0
    var sawParenthesis = false
    var line = index
    while line < lines.count {
      let code = codePart(of: lines[line].trimmingCharacters(in: .whitespaces))
      text += (text.isEmpty ? "" : " ") + code
      for character in code {
        if character == "(" {
          depth += 1
          sawParenthesis = true
        } else if character == ")" {
          depth -= 1
        }
      }
      line += 1
      if code.contains("{") && depth == 0 { break }
      if sawParenthesis && depth == 0 {
        let next = line < lines.count ? lines[line].trimmingCharacters(in: .whitespaces) : ""
        let continues = ["throws", "async", "rethrows", "->", "where", "{"].contains {
          next.hasPrefix($0)
        }
        if !continues { break }
      }
    }
    return text
  }

  /// The text after the parameter list: effects, result and where clause.
  private static func tail(_ signature: String) -> String {
    guard let range = parameterListRange(signature) else { return "" }
    let rest = signature[range.upperBound...]
    return String(rest.prefix { $0 != "{" })
  }

  /// The range of the parameter list's parentheses, closing one included.
  private static func parameterListRange(_ signature: String) -> Range<String.Index>? {
    guard let open = signature.firstIndex(of: "(") else { return nil }
    var depth = 0
    var position = open
    while position < signature.endIndex {
      if signature[position] == "(" { depth += 1 }
      if signature[position] == ")" {
        depth -= 1
        if depth == 0 { return open..<signature.index(after: position) }
      }
      position = signature.index(after: position)
    }
    return nil
  }

  /// The internal names of the parameters, in order.
  private static func parameterNames(_ signature: String) -> [String] {
    guard let range = parameterListRange(signature) else { return [] }
    let list = signature[range].dropFirst().dropLast().replacingOccurrences(of: "->", with: "→")
    var parameters: [String] = []
    var current = ""
    var depth = 0
    for character in list {
      switch character {
      case "(", "[", "<": depth += 1
      case ")", "]", ">": depth -= 1
      default: break
      }
      if character == "," && depth == 0 {
        parameters.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parameters.append(current)
    return parameters.compactMap { parameter in
      guard let colon = parameter.firstIndex(of: ":") else { return nil }
      let names = parameter[..<colon].split(separator: " ").filter { !$0.hasPrefix("@") }
      guard let name = names.last, name != "_" else { return nil }
      return String(name)
    }
  }
}
