extension Command {
  /// The command of `owner` declared at this place, made the first time it is asked for: a
  /// view model declares a command as a computed property, with no `lazy`, no
  /// `@ObservationIgnored` and no capture list.
  ///
  /// ```swift
  /// var register: Command<Void, Account> {
  ///   .owned(by: self, enabledWhen: { $0.canRegister }) { vm in
  ///     try await vm.submit()
  ///   }
  /// }
  /// ```
  ///
  /// Every read of the property returns the same command for the same owner, so its status,
  /// output, error and cancellation are observable like any command's, and
  /// `command(vm.register, on: registerButton)` binds it. The predicate and the work receive the
  /// owner, which the command holds weakly: once the owner is released the predicate is false
  /// and a run that starts throws `CancellationError`. The library keeps the command until its
  /// owner is released.
  ///
  /// > Important: One command per place and owner: the command is found again by its owner and
  /// > the place the call is written (`fileID`, `line`, `column`), so a call in a loop or in a
  /// > function called with different arguments returns the first command made there.
  ///
  /// - Parameters:
  ///   - owner: The object the command belongs to, usually `self`.
  ///   - name: A name for graph dumps and test messages; by default the property's name.
  ///   - policy: What executing while a run is going does.
  ///   - enabledWhen: Whether the command may run, given the owner; read under observation like
  ///     any derived value.
  ///   - fileID: Where the call is written; leave the default.
  ///   - line: The line the call is written on; leave the default.
  ///   - column: The column the call is written at; leave the default.
  ///   - work: The work, given the owner and the input.
  /// - Returns: The owner's command for this place.
  public static func owned<Owner: AnyObject>(
    by owner: Owner,
    _ name: String = #function,
    policy: ExecutionPolicy = .ignoreWhileExecuting,
    enabledWhen: (@MainActor (Owner) -> Bool)? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    column: Int = #column,
    work: @escaping @MainActor (Owner, Input) async throws -> Output
  ) -> Command {
    OwnedCommands.command(
      of: owner, at: OwnedCommands.Site(fileID: fileID, line: line, column: column)
    ) {
      Command(name, owner: owner, policy: policy, enabledWhen: enabledWhen, work: work)
    }
  }
}

extension Command where Input == Void {
  /// The command of `owner` declared at this place, made the first time it is asked for; its
  /// work takes no input.
  ///
  /// ```swift
  /// var resend: Command<Void, Void> {
  ///   .owned(by: self) { vm in try await vm.resendCode() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - owner: The object the command belongs to, usually `self`.
  ///   - name: A name for graph dumps and test messages; by default the property's name.
  ///   - policy: What executing while a run is going does.
  ///   - enabledWhen: Whether the command may run, given the owner; read under observation like
  ///     any derived value.
  ///   - fileID: Where the call is written; leave the default.
  ///   - line: The line the call is written on; leave the default.
  ///   - column: The column the call is written at; leave the default.
  ///   - work: The work, given the owner.
  /// - Returns: The owner's command for this place.
  public static func owned<Owner: AnyObject>(
    by owner: Owner,
    _ name: String = #function,
    policy: ExecutionPolicy = .ignoreWhileExecuting,
    enabledWhen: (@MainActor (Owner) -> Bool)? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    column: Int = #column,
    work: @escaping @MainActor (Owner) async throws -> Output
  ) -> Command {
    owned(
      by: owner, name, policy: policy, enabledWhen: enabledWhen, fileID: fileID, line: line,
      column: column
    ) { owner, _ in try await work(owner) }
  }
}

/// The commands made by ``Command/owned(by:_:policy:enabledWhen:fileID:line:column:work:)``,
/// by owner and place.
///
/// An owner's commands are kept while the owner lives. The table holds owners weakly; the
/// commands of released owners are dropped when the table has grown to twice the owners it
/// held alive at its last sweep, so it never holds more than about twice the live owners.
@MainActor
package enum OwnedCommands {
  struct Site: Hashable {
    let fileID: String
    let line: Int
    let column: Int
  }

  private final class Entry {
    weak var owner: AnyObject?
    var commands: [Site: AnyObject] = [:]

    init(owner: AnyObject) { self.owner = owner }
  }

  private static var entries: [ObjectIdentifier: Entry] = [:]
  private static var sweepAt = 64

  static func command<C: AnyObject>(
    of owner: AnyObject, at site: Site, make: () -> C
  ) -> C {
    let key = ObjectIdentifier(owner)
    let entry: Entry
    // NB: an entry whose owner is gone may have the identifier of a new object at the same
    // address; it is replaced, never reused.
    if let existing = entries[key], existing.owner === owner {
      entry = existing
    } else {
      entry = Entry(owner: owner)
      entries[key] = entry
      sweepIfGrown()
    }
    if let command = entry.commands[site] as? C { return command }
    let command = make()
    entry.commands[site] = command
    return command
  }

  private static func sweepIfGrown() {
    guard entries.count >= sweepAt else { return }
    entries = entries.filter { $0.value.owner != nil }
    sweepAt = max(64, entries.count * 2)
  }

  /// Drops the commands of released owners now; returns how many owners are left. For tests.
  package static func sweep() -> Int {
    entries = entries.filter { $0.value.owner != nil }
    return entries.count
  }
}
