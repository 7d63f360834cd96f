/// A row's view model made from an item the server sends, and updated from the same item sent
/// again: a reload keeps the rows (and their widgets) of the items that stay.
@MainActor
protocol UpdatableCell: AnyObject {
  /// What the server sends for one row.
  associatedtype Item: Identifiable

  /// The id of the item the cell shows.
  var id: Item.ID { get }

  /// Takes what the server says now, keeping the row as it is.
  func update(from item: Item)
}

extension Array where Element: UpdatableCell {
  /// The cells for `items`, in their order: the cell of an item's id among these, updated from
  /// the item, else a new one `make` makes.
  @MainActor
  func reused(for items: [Element.Item], making make: (Element.Item) -> Element) -> [Element] {
    let known = Dictionary(map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    return items.map { item in
      guard let cell = known[item.id] else { return make(item) }
      cell.update(from: item)
      return cell
    }
  }
}
