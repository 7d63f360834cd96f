import CGTK
import Foundation
import GTKHost

// NB: the top-level code never awaits, so the main thread stays GTK's: the main actor's work
// runs from GLib's loop (GTKMainLoop), not from dispatchMain().
let usage = """
  Usage:
    swift run --package-path Hosts/GTK GTKShowcase [SCREEN]   a showcase screen, or the whole
                                                             app (app), in a GTK 4 window
                                                             (default: registration)
    swift run --package-path Hosts/GTK GTKShowcase --benchmark [NAME...]  the host's speeds,
                                                             measured (all, or those named:
                                                             keystroke, mounting, scrolling)
    swift run --package-path Hosts/GTK GTKShowcase --help     this text

  Screens: \(ShowcaseWindows.names.joined(separator: ", "))
  """

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--help" || arguments.first == "-h" {
  print(usage)
  exit(0)
}
if arguments.first == "--main-loop-check" {
  // NB: what the tests run in a process of its own: a main-actor task runs while GTK's loop
  // runs, with nothing else waking the loop.
  guard ShowcaseWindows.namesDisplay(ProcessInfo.processInfo.environment), GTKMainLoop.start()
  else {
    FileHandle.standardError.write(Data((ShowcaseWindows.noDisplayMessage + "\n").utf8))
    exit(2)
  }
  g_timeout_add_seconds(
    120,
    { _ in
      FileHandle.standardError.write(
        Data("error: the main-actor task did not run within 120 s of GTK's loop\n".utf8))
      exit(1)
    }, nil)
  Task { @MainActor in
    print("main-actor task ran inside GTK's loop")
    GTKMainLoop.quit()
  }
  GTKMainLoop.run()
  exit(0)
}
if arguments.first == "--benchmark" {
  guard ShowcaseWindows.namesDisplay(ProcessInfo.processInfo.environment), GTKMainLoop.start()
  else {
    FileHandle.standardError.write(Data((ShowcaseWindows.noDisplayMessage + "\n").utf8))
    exit(2)
  }
  let names = Array(arguments.dropFirst())
  if let unknown = names.first(where: { !GTKBenchmark.names.contains($0) }) {
    FileHandle.standardError.write(
      Data(
        ("error: no measurement '\(unknown)'; measurements: "
          + GTKBenchmark.names.joined(separator: ", ") + "\n").utf8))
    exit(2)
  }
  do {
    try GTKBenchmark.run(names)
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
  }
}
guard arguments.count <= 1 else {
  FileHandle.standardError.write(
    Data("error: GTKShowcase takes one screen name at most\n\n\(usage)\n".utf8))
  exit(2)
}
let name = arguments.first ?? "registration"
guard ShowcaseWindows.names.contains(name) else {
  FileHandle.standardError.write(
    Data(
      ("error: no showcase screen '\(name)'; screens: "
        + ShowcaseWindows.names.joined(separator: ", ") + "\n").utf8))
  exit(2)
}
guard ShowcaseWindows.namesDisplay(ProcessInfo.processInfo.environment), GTKMainLoop.start() else {
  FileHandle.standardError.write(Data(("error: " + ShowcaseWindows.noDisplayMessage + "\n").utf8))
  exit(2)
}
do {
  let window = try ShowcaseWindows.open(
    name, scheduler: GTKScheduler(), clock: ContinuousClock())
  let previous = window.onClose
  window.onClose = {
    previous?()
    GTKMainLoop.quit()
  }
  GTKMainLoop.run()
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(2)
}
