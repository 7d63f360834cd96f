import Testing

@testable import TerminalHost

@Suite struct KeyDecoderTests {
  private func keys(_ text: String) -> [KeyEvent] {
    var decoder = KeyDecoder()
    return decoder.decode(utf8(text))
  }

  @Test func theDocumentedExampleCompletesASequenceAcrossReads() {
    var decoder = KeyDecoder()
    let arrows = decoder.decode(Array("\u{1B}[A\u{1B}O".utf8))
    let down = decoder.decode(Array("B".utf8))
    #expect(arrows == [.up])
    #expect(down == [.down])
  }

  @Test func printableTextArrivesOneCharacterAtATime() {
    #expect(
      keys("hé 日👍🏽") == [
        .character("h"), .character("é"), .character(" "),
        .character("日"), .character("👍🏽"),
      ])
  }

  @Test(arguments: [
    ("\r", KeyEvent.enter), ("\n", .enter), ("\t", .tab), ("\u{7F}", .backspace),
    ("\u{8}", .backspace), ("\u{1B}[Z", .backTab), ("\u{1B}[3~", .delete),
    ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
    ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
    ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
    ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[1;5C", .right),
    ("\u{1B}[1;2A", .up), ("\u{1}", .control("a")), ("\u{3}", .control("c")),
    ("\u{1A}", .control("z")), ("\u{0}", .control("@")), ("\u{1F}", .control("_")),
    ("\u{1B}x", .alt("x")), ("\u{1B}B", .alt("B")), ("\u{1B}é", .alt("é")),
    ("\u{1B}OM", .enter),
  ])
  func aKeyIsDecoded(_ bytes: String, _ key: KeyEvent) {
    #expect(keys(bytes) == [key], "\(readable(utf8(bytes)))")
  }

  @Test func unknownSequencesAreSkipped() {
    #expect(keys("\u{1B}[15~a\u{1B}OPb\u{1B}[2~") == [.character("a"), .character("b")])
  }

  @Test func everySequenceCutAnywhereIsStillOneKey() {
    let sequences = [
      "\u{1B}[A", "\u{1B}OH", "\u{1B}[6~", "\u{1B}[1;5D", "\u{1B}[Z", "日", "👍🏽", "\u{1B}é",
    ]
    let expected: [[KeyEvent]] = [
      [.up], [.home], [.pageDown], [.left], [.backTab], [.character("日")],
      [.character("👍🏽")], [.alt("é")],
    ]
    for (sequence, keys) in zip(sequences, expected) {
      let bytes = utf8(sequence)
      for cut in 1..<bytes.count {
        var decoder = KeyDecoder()
        let first = decoder.decode(bytes[..<cut])
        let second = decoder.decode(bytes[cut...])
        // NB: a cluster cut after its first scalar arrives as its scalars.
        if sequence == "👍🏽", cut >= 4 {
          #expect(first + second == [.character("👍"), .character("\u{1F3FD}")])
          continue
        }
        #expect(first.isEmpty, "\(readable(bytes)) cut at \(cut)")
        #expect(second == keys, "\(readable(bytes)) cut at \(cut)")
      }
    }
  }

  @Test func aLoneEscapeWaitsForTheHostToFlushIt() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(utf8("a\u{1B}")) == [.character("a")])
    #expect(decoder.hasPendingEscape)
    #expect(decoder.flushPendingEscape() == [.escape])
    #expect(!decoder.hasPendingEscape)
    #expect(decoder.flushPendingEscape().isEmpty)
    #expect(decoder.decode(utf8("b")) == [.character("b")])
  }

  @Test func anEscapeBeforeMoreBytesIsAnAltKeyOrAKeyThenAKey() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(utf8("\u{1B}")).isEmpty)
    #expect(decoder.decode(utf8("[")).isEmpty)
    #expect(decoder.hasPendingEscape)
    #expect(decoder.flushPendingEscape() == [.escape, .character("[")])
    #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
    #expect(keys("\u{1B}\r") == [.escape, .enter])
  }

  @Test func aBracketedPasteIsOneEventAcrossReads() {
    let paste = utf8("\u{1B}[200~line 1\r\nline \u{1B}[A2\rend 日\u{1B}[201~x")
    for cut in 1..<paste.count {
      var decoder = KeyDecoder()
      let events = decoder.decode(paste[..<cut]) + decoder.decode(paste[cut...])
      #expect(
        events == [.paste("line 1\nline \u{1B}[A2\nend 日"), .character("x")], "cut at \(cut)")
      #expect(!decoder.hasPendingEscape)
    }
  }

  @Test func aPasteArrivingByteByByteIsOneEvent() {
    var decoder = KeyDecoder()
    var events: [KeyEvent] = []
    for byte in utf8("a\u{1B}[200~\u{1B}[201\u{1B}[201~b") { events += decoder.decode([byte]) }
    #expect(events == [.character("a"), .paste("\u{1B}[201"), .character("b")])
  }

  @Test func malformedUTF8BecomesAReplacementCharacter() {
    var decoder = KeyDecoder()
    #expect(
      decoder.decode([0x61, 0xFF, 0x62]) == [
        .character("a"), .character("\u{FFFD}"), .character("b"),
      ])
  }
}
