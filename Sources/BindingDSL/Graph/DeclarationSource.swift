#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Declarations as they are written in their source files, for errors, dumps and driver messages.
///
/// On Linux the toolchain names an `@Observable` property's key path by number
/// (`\Model.#2: String`), so a message built from the key path alone cannot say which property
/// it means. The declaration site names the file (`#fileID`, `Module/File.swift`) and line; when
/// the file can be found from the working directory (`Sources/<Module>/…` or
/// `Tests/<Module>/…`, where `swift test` and `swift run` run), the declaration is read from it.
/// Otherwise callers fall back to the text made from the key path.
///
/// A value reads each file once and keeps its lines: make one for a message or a dump, which
/// may read many declarations of one file, and let it go with the call. Nothing is kept between
/// calls, so an edited file is read as it is now.
package struct DeclarationSource {
  /// The lines of each file read so far, by `#fileID`; `nil` for a file that cannot be read.
  private var files: [String: [Substring]?] = [:]

  /// A reader that has read no file yet.
  package init() {}

  /// The statement written at `site`, from the first non-blank character of its line through
  /// the parenthesis that closes its first call (`bind(\.greeting, to: name.text)`), blanks
  /// between lines folded into one space, a trailing closure written `{ … }`; or `nil` when the
  /// file cannot be read or the line does not start with a call.
  ///
  /// - Parameter site: Where a declaration was written.
  /// - Returns: The declaration as written.
  package mutating func statement(at site: DeclarationSite) -> String? {
    guard site.line > 0, let lines = lines(of: site.fileID), site.line <= lines.count else {
      return nil
    }
    return Self.statement(in: lines[(site.line - 1)...].prefix(12))
  }

  /// The key path literals of `text` (`\.greeting`, `\Model.form.isValid`) as written, in order.
  ///
  /// - Parameter text: A declaration as written.
  /// - Returns: Each literal's path after the root type, such as `greeting` or `form.isValid`.
  package static func keyPaths(in text: String) -> [String] {
    var found: [String] = []
    var characters = Substring(text)
    while let slash = characters.firstIndex(of: "\\") {
      characters = characters[characters.index(after: slash)...]
      // The root type, if written, then the dotted path.
      let root = characters.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      var rest = characters[root.endIndex...]
      guard rest.first == "." else { continue }
      var path = ""
      while rest.first == ".",
        case let name = rest.dropFirst().prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" }),
        !name.isEmpty
      {
        path += path.isEmpty ? String(name) : "." + name
        rest = rest[name.endIndex...]
      }
      if !path.isEmpty { found.append(path) }
      characters = rest
    }
    return found
  }

  /// The statement starting on the first of `lines`.
  static func statement(in lines: ArraySlice<Substring>) -> String? {
    guard let first = lines.first else { return nil }
    let start = first.drop { $0 == " " || $0 == "\t" }
    let name = start.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    guard !name.isEmpty, start.dropFirst(name.count).first == "(" else { return nil }
    var text = ""
    var depth = 0
    var inString = false
    for (offset, line) in lines.enumerated() {
      let body = offset == 0 ? start : line.drop { $0 == " " || $0 == "\t" }
      if offset > 0 && !text.hasSuffix("(") && !body.hasPrefix(")") { text += " " }
      var previous: Character = " "
      for (index, character) in zip(body.indices, body) {
        text.append(character)
        if character == "\"" && previous != "\\" {
          inString.toggle()
        } else if !inString && character == "(" {
          depth += 1
        } else if !inString && character == ")" {
          depth -= 1
          if depth == 0 {
            let after = body[body.index(after: index)...].drop { $0 == " " }
            if after.hasPrefix("{") { text += " { … }" }
            return text
          }
        }
        previous = character
      }
    }
    return nil
  }

  /// The lines of the file `fileID` names, read on the first call and kept by this reader.
  private mutating func lines(of fileID: String) -> [Substring]? {
    if let known = files[fileID] { return known }
    let lines = Self.path(of: fileID).flatMap(Self.contents(of:)).map {
      $0.split(separator: "\n", omittingEmptySubsequences: false)
    }
    files[fileID] = .some(lines)
    return lines
  }

  /// The file `Module/File.swift` under `Sources/Module` or `Tests/Module` of the working
  /// directory, searched in their subfolders (a module holds one file of a name).
  private static func path(of fileID: String) -> String? {
    let parts = fileID.split(separator: "/")
    guard parts.count == 2 else { return nil }
    for folder in ["Sources", "Tests"] {
      if let found = search("\(folder)/\(parts[0])", for: String(parts[1]), depth: 6) {
        return found
      }
    }
    return nil
  }

  private static func search(_ directory: String, for name: String, depth: Int) -> String? {
    guard depth > 0, let handle = opendir(directory) else { return nil }
    defer { closedir(handle) }
    var folders: [String] = []
    while let entry = readdir(handle) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if entryName == "." || entryName == ".." { continue }
      if entryName == name { return "\(directory)/\(entryName)" }
      if Int32(entry.pointee.d_type) == Int32(DT_DIR) { folders.append(entryName) }
    }
    for folder in folders.sorted() {
      if let found = search("\(directory)/\(folder)", for: name, depth: depth - 1) {
        return found
      }
    }
    return nil
  }

  private static func contents(of path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
