import BindingDSL

/// The identities of the rows a list shows, in order across its sections, kept by one `ID` type:
/// the rows' own when the list shows one collection of one view-model type, `AnyHashable`
/// otherwise. Every content a list receives is matched against it (see
/// ``ListView/apply(_:through:animation:reloadsAll:mounter:)``).
///
/// Per row it keeps the row's id and its view model's identity; the list reads the view model
/// itself from the content it was given (``SectionState``).
@MainActor
final class RowIndex<ID: Hashable> {
  /// The ids of the rows, in order.
  private(set) var ids: ContiguousArray<ID>
  /// The identities of the rows' view models, in order.
  private(set) var identities: [ObjectIdentifier]

  /// An index of no rows.
  init() {
    ids = []
    identities = []
  }

  /// Indexes the rows of `sections`, in order; `nil` when the id of one of them is not an `ID`.
  ///
  /// - Parameter sections: The sections a list shows.
  init?(reading sections: [SectionState]) {
    ids = []
    identities = []
    for section in sections {
      for index in section.rows.indices {
        let model = section.model(at: index)
        guard let id = rowIdentity(of: model) as? ID else { return nil }
        ids.append(id)
        identities.append(ObjectIdentifier(model))
      }
    }
  }

  /// Keeps `rows` as the rows shown.
  func update(to rows: IncomingRows<ID>) {
    ids = rows.ids
    identities = rows.identities
  }

  /// For each new row, the position of the shown row with its id (-1 when it is inserted), and
  /// for each shown row, the position of the new row with its id (-1 when it is deleted). When
  /// no row is shown, both may be empty: every row is inserted.
  struct Match {
    var sources: [Int]
    var targets: [Int]
  }

  /// Matches `newIDs` with the ids shown in one walk (see ``matchIDs(old:new:by:)``); `nil` when
  /// an id repeats, or two ids share a hash key, which ``match(exactly:)`` tells apart.
  ///
  /// - Parameter newIDs: The new rows' ids, in order.
  /// - Returns: The match, or `nil`.
  func match(_ newIDs: ContiguousArray<ID>) -> Match? {
    // NB: this code runs unspecialized for `ID`: the common id types are matched by code made
    // for them, found by a cast of the whole array (one check of its type), since comparing and
    // hashing through the `Hashable` conformance cost more than the walk itself.
    let found: (sources: [Int], targets: [Int])?
    if ids.isEmpty, let new = newIDs as Any as? ContiguousArray<Int>, isIncreasing(new) {
      // Rows shown in a list that showed none, with ids in increasing order (a first page, a
      // list loaded at once), are all inserted and cannot repeat: nothing is hashed, and no
      // array of a position per row is made.
      found = ([], [])
    } else if let old = ids as Any as? ContiguousArray<Int>,
      let new = newIDs as Any as? ContiguousArray<Int>
    {
      found = matchIDs(old: old, new: new, by: IntPositions.self)
    } else if let old = ids as Any as? ContiguousArray<String>,
      let new = newIDs as Any as? ContiguousArray<String>
    {
      found = matchIDs(old: old, new: new, by: HashedPositions<String>.self)
    } else {
      found = matchIDs(old: ids, new: newIDs, by: HashedPositions<ID>.self)
    }
    return found.map { Match(sources: $0.sources, targets: $0.targets) }
  }

  /// Matches `newIDs`, in which no id repeats, with the ids shown, comparing whole ids where
  /// their hash keys are shared.
  ///
  /// - Parameter newIDs: The new rows' ids, in order, each once.
  /// - Returns: The match.
  func match(exactly newIDs: ContiguousArray<ID>) -> Match {
    guard let found = matchIDs(old: ids, new: newIDs, by: ExactPositions<ID>.self) else {
      preconditionFailure("the ids matched exactly must each appear once")
    }
    return Match(sources: found.sources, targets: found.targets)
  }
}
