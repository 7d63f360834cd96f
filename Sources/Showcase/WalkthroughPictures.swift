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
  let registration = try await Walkthroughs.registration()
  sets.append(("registration", registration.pictures))
  registration.driver.unmount()
  let search = try await Walkthroughs.search()
  sets.append(("search", search.pictures))
  search.driver.unmount()
  let roles = try await Walkthroughs.roles()
  sets.append(("roles", roles.pictures))
  roles.driver.unmount()
  for (name, walkthrough) in [
    ("waybills", try await Walkthroughs.waybills()),
    ("depot-waybills", try await Walkthroughs.depotWaybills()),
    ("no-waybills", try await Walkthroughs.noWaybills()),
  ] {
    sets.append((name, walkthrough.pictures))
    walkthrough.driver.unmount()
  }
  let settings = try await Walkthroughs.settings()
  sets.append(("settings", settings.pictures))
  settings.driver.unmount()

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
