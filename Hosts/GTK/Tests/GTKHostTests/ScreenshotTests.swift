import BindingDSL
import CGTK
import Foundation
import Headless
import HeadlessTesting
import Testing

@testable import GTKHost
@testable import GTKShowcase

extension GTKTests {
  /// A PNG file of each showcase screen's window, for a person to look at, in
  /// `Hosts/GTK/.build/screenshots` (and one of the app's dialog).
  @Suite
  @MainActor
  struct Screenshots {
    static let folder = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".build/screenshots")

    @Test(arguments: ["registration", "search", "roles", "waybills", "settings", "app"])
    func screenshot(of name: String) async throws {
      guard GTK.start() else { return }
      try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      let window = try clock.withTracking {
        try ShowcaseWindows.open(name, scheduler: scheduler, clock: clock)
      }
      defer { window.close() }
      GTK.pump("the window to show") { window.isMapped }
      try await GTK.advance(scheduler, clock: clock, by: .seconds(1))
      let path = Self.folder.appendingPathComponent("\(name).png").path
      try? FileManager.default.removeItem(atPath: path)
      GTK.pump("the window to draw") { window.savePNG(to: path) }
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      #expect((attributes[.size] as? Int ?? 0) > 1_000, "\(path) is too small to show a window")
    }
  }
}
