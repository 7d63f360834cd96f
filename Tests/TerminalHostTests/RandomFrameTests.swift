import TerminalHostTesting
import Testing

@testable import TerminalHost

/// The writer against a virtual terminal on thousands of random frame pairs: what it writes
/// turns the screen into the next frame exactly, an incremental update ends where a full
/// repaint does, and an unchanged frame writes nothing.
@Suite struct RandomFrameTests {
  /// Seeds of the runs; a failure names its seed, which a run of this test alone repeats.
  static let seeds: [UInt64] = [1, 2, 3, 0xC0FFEE, 20_261_127]

  @Test(arguments: seeds)
  func anIncrementalUpdateEqualsAFullRepaint(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var failures = 0
    for pair in 0..<800 where failures < 3 {
      let width = Int.random(in: 1...14, using: &generator)
      let height = Int.random(in: 1...5, using: &generator)
      var previous = Frame(width: width, height: height)
      RandomFrames.scribble(
        on: &previous, count: Int.random(in: 0...30, using: &generator), using: &generator)
      var next = previous
      RandomFrames.scribble(
        on: &next, count: Int.random(in: 0...6, using: &generator), using: &generator)
      let place = "seed \(seed), pair \(pair)"

      var terminal = VirtualTerminal(width: width, height: height)
      terminal.receive(FrameWriter.bytes(from: nil, to: previous))
      guard terminal.frame == previous else {
        failures += 1
        Issue.record(
          "\(place): the full repaint differs\n\(differences(terminal.frame, previous))")
        continue
      }
      let update = FrameWriter.bytes(from: previous, to: next)
      terminal.receive(update)
      var repainted = VirtualTerminal(width: width, height: height)
      repainted.receive(FrameWriter.bytes(from: nil, to: next))
      if terminal.frame != next || repainted.frame != next || !terminal.unrecognized.isEmpty {
        failures += 1
        Issue.record(
          """
          \(place): the update differs
          previous: \(previous.lines)
          next:     \(next.lines)
          screen:   \(terminal.lines)
          bytes:    \(readable(update))
          \(differences(terminal.frame, next))
          repainted: \(differences(repainted.frame, next))
          unrecognized: \(terminal.unrecognized)
          """)
      }
      if !FrameWriter.bytes(from: next, to: next).isEmpty {
        failures += 1
        Issue.record("\(place): an unchanged frame writes bytes")
      }
    }
  }

  @Test(arguments: seeds)
  func aWriterFollowsASequenceOfFramesAndResizes(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var writer = FrameWriter()
    var terminal = VirtualTerminal(width: 10, height: 4)
    var frame = Frame(width: 10, height: 4)
    for step in 0..<400 {
      if Int.random(in: 0..<40, using: &generator) == 0 {
        let width = Int.random(in: 1...16, using: &generator)
        let height = Int.random(in: 1...6, using: &generator)
        terminal.resize(width: width, height: height)
        frame = Frame(width: width, height: height)
      }
      RandomFrames.scribble(
        on: &frame, count: Int.random(in: 0...5, using: &generator), using: &generator)
      terminal.receive(writer.write(frame))
      #expect(terminal.frame == frame, "seed \(seed), step \(step)")
      #expect(writer.write(frame).isEmpty, "seed \(seed), step \(step)")
      if terminal.frame != frame { break }
    }
    #expect(terminal.unrecognized.isEmpty)
  }
}
