import Foundation
import Headless
import Testing

@testable import Showcase

/// The interactive mode's help, examples and input handling, and the showcase's introduction.
@MainActor
@Suite struct InteractiveHelpTests {
  /// Runs `lines` through the interactive mode on `screen`; returns what it wrote, a write an
  /// element.
  private func writes(of lines: [String], on screen: String, echo: Bool = true) async throws
    -> [String]
  {
    var input = lines.makeIterator()
    var output: [String] = []
    try await Interactive.run(
      screen: screen, echo: echo, readLine: { input.next() }, prompt: { output.append("> ") },
      write: { output.append($0) })
    return output
  }

  /// The examples of `help examples`, by screen, in order.
  private var examples: [(screen: String, lines: [String])] {
    var found: [(screen: String, lines: [String])] = []
    for line in InteractiveSession.examples.split(separator: "\n") {
      if let range = line.range(of: "--interactive ") {
        found.append((String(line[range.upperBound...]), []))
      } else if line.hasPrefix("    "), !found.isEmpty {
        found[found.count - 1].lines.append(line.trimmingPrefix(" ").description)
      }
    }
    return found
  }

  @Test func everyExampleOfTheHelpWorksOnItsScreen() async throws {
    #expect(examples.map(\.screen) == Demos.names, "the examples cover every screen")
    for (screen, lines) in examples {
      let output = try await writes(of: lines, on: screen)
      let errors = output.filter { $0.hasPrefix("error:") }
      #expect(errors.isEmpty, "on \(screen): \(errors)")
      // NB: each line read is echoed; a missing echo would mean the session ended early.
      let echoed = output.filter { $0.hasPrefix("> ") }.count
      #expect(echoed == lines.count, "on \(screen), the session read every example")
      // NB: hiding a screen changes its tree only when something is bound to it disappearing.
      let unchanged = zip(output, output.dropFirst()).filter {
        $0.1.hasPrefix("(no change") && !$0.0.hasSuffix(" disappear")
      }
      #expect(unchanged.isEmpty, "on \(screen), examples that change nothing: \(unchanged)")
    }
  }

  /// The text a terminal shows: the prompt without a line break, every answer with one.
  private func terminal(of lines: [String], on screen: String) async throws -> String {
    var input = lines.makeIterator()
    var text = ""
    try await Interactive.run(
      screen: screen, echo: true, readLine: { input.next() }, prompt: { text += "> " },
      write: { text += $0 + "\n" })
    return text
  }

  @Test func anEmptyLineIsEchoedOnALineOfItsOwn() async throws {
    let text = try await terminal(of: ["", "path"], on: "app")
    #expect(text.contains("\n> \n> path\nlogin\n"), "\(text)")
    #expect(!text.contains("> > "))
  }

  @Test func theSessionCountsTheCommandsThatFailed() async throws {
    var input = ["tap nothing", "render", "frobnicate", "advance soon", "quit"].makeIterator()
    let failures = try await Interactive.run(
      screen: "search", echo: true, readLine: { input.next() }, write: { _ in })
    #expect(failures == 3)
    var examples = (self.examples.first { $0.screen == "search" }?.lines ?? []).makeIterator()
    let none = try await Interactive.run(
      screen: "search", echo: true, readLine: { examples.next() }, write: { _ in })
    #expect(none == 0)
  }

  @Test func everyCommandOfTheHelpHasAnExample() {
    var verbs: [String] = []
    for line in InteractiveSession.help.split(separator: "\n").dropFirst() {
      guard let words = line.split(separator: "  ", omittingEmptySubsequences: true).first else {
        continue
      }
      for alternative in words.split(separator: "|") {
        if let verb = alternative.split(separator: " ").first { verbs.append(String(verb)) }
      }
    }
    #expect(verbs.count > 20)
    let used = Set(examples.flatMap(\.lines).compactMap { $0.split(separator: " ").first })
    for verb in Set(verbs) {
      #expect(used.contains(Substring(verb)), "help shows no example of \(verb)")
    }
  }

  @Test func blankLinesAndTabsAreReadAsSeparators() async throws {
    let output = try await writes(
      of: ["", "   ", "\t", " \t tap\tresend", "type\tcode\t12\t3", "quit"],
      on: "registration")
    #expect(!output.contains { $0.hasPrefix("error:") }, "\(output)")
    #expect(output.contains { $0.contains(#"TextField #code text="12\t3""#) }, "\(output)")
    #expect(
      output.contains { $0.contains(#"+    Button #resend title="Resend code" [disabled]"#) },
      "tap\\tresend taps resend: \(output)")
    #expect(!output.contains { $0.contains("\t") }, "no tab reaches the terminal raw")
  }

  @Test func controlCharactersTypedNeverReachTheTerminalRaw() async throws {
    let output = try await writes(
      of: ["type code \u{1B}[31m1", "\u{1B}[2J", "quit"], on: "registration")
    let text = output.joined(separator: "\n")
    #expect(!text.unicodeScalars.contains("\u{1B}"), "\(text)")
    #expect(text.contains(#"TextField #code text="\u{1B}[31m1""#))
    #expect(text.contains(#"error: unknown command '\u{1B}[2J'"#))
  }

  @Test func theEndOfTheInputEndsTheSessionOnANewLine() async throws {
    let output = try await writes(of: ["render"], on: "search", echo: false)
    #expect(output.last == "", "the prompt is followed by a line break at the end of the input")
    #expect(output.filter { $0 == "> " }.count == 2, "two prompts: \(output)")
  }

  @Test func theIntroductionSaysWhatTheReaderSees() {
    let text = Introduction.text
    for phrase in [
      "#id", "flags in brackets", "--interactive", "Docs/TextFormat.md",
      "version \(TextRenderer.formatVersion)",
    ] {
      #expect(text.contains(phrase), "the introduction does not say \(phrase)")
    }
    for name in Demos.names { #expect(text.contains(name)) }
  }
}
