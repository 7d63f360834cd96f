import Foundation
import Headless
import HeadlessTesting

/// Runs every walkthrough and writes a picture of each of its steps into `folder` (made if
/// missing): `<walkthrough>-<step>.svg`, steps numbered from `01`, the state before the first
/// step first.
///
/// - Returns: The paths written, in order.
@MainActor
func writeWalkthroughPictures(to folder: URL) async throws -> [String] {
  var sets: [(name: String, pictures: [String])] = []
  for (name, app) in [
    ("app-registration", try await Walkthroughs.appRegistration()),
    ("app-home", try await Walkthroughs.appHome()),
  ] {
    sets.append((name, app.pictures))
    app.driver.shutDown()
  }
  sets.append(("registration", unmounted(try await Walkthroughs.registration())))
  sets.append(("search", unmounted(try await Walkthroughs.search())))
  sets.append(("roles", unmounted(try await Walkthroughs.roles())))
  sets.append(("waybills", unmounted(try await Walkthroughs.waybills())))
  sets.append(("depot-waybills", unmounted(try await Walkthroughs.depotWaybills())))
  sets.append(("no-waybills", unmounted(try await Walkthroughs.noWaybills())))
  sets.append(("settings", unmounted(try await Walkthroughs.settings())))

  do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  } catch {
    throw ShowcaseError("--pictures: cannot make the folder \(folder.path): \(error)")
  }
  var written: [String] = []
  for (name, pictures) in sets {
    for (index, picture) in pictures.enumerated() {
      let number = index + 1 < 10 ? "0\(index + 1)" : "\(index + 1)"
      let file = folder.appendingPathComponent("\(name)-\(number).svg")
      do {
        try picture.write(to: file, atomically: true, encoding: .utf8)
      } catch {
        throw ShowcaseError("--pictures: cannot write \(file.path): \(error)")
      }
      written.append(file.path)
    }
  }
  return written
}

/// Unmounts the screen of `walkthrough`, and returns its pictures.
@MainActor
private func unmounted<S: Screen>(_ walkthrough: Walkthrough<S>) -> [String] {
  walkthrough.driver.unmount()
  return walkthrough.pictures
}
