import BindingDSL
import Headless
import Pictures

/// A picture of a 10,000-row list as `Picture.svg(of:)` draws it: the window of 40 rows (and
/// its margin) that a list mounts, with how many rows are above and below it.
@MainActor
func pictureRows(_ settings: Settings) -> [Row] {
  let count = settings.isQuick ? 1_000 : 10_000
  let (root, mounted) = mountedItemList(rows: count)
  defer { mounted.unmount() }
  let pictures = settings.isQuick ? 1 : 20
  var picture = ""
  let engine = median(settings, units: pictures) {
    time {
      for _ in 0..<pictures { picture = Picture.svg(of: root) }
    }
  }
  let shown = root.rows.count
  return [
    Row(
      scenario: "pictures: the window of a \(format(Double(count)))-row list as SVG",
      unit: "ms/picture", engine: engine / 1e6, target: .atMost(10),
      note: "\(shown) rows drawn, \(format(Double(picture.utf8.count))) bytes of SVG"),
    Row(
      scenario: "pictures: the same list drawn twice gives the same bytes", unit: "equal",
      target: .count(expected: 1, what: ""), count: Picture.svg(of: root) == picture ? 1 : 0),
  ]
}
