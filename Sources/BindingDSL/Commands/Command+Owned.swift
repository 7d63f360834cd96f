extension Command {
  /// The command of `owner` declared at this place, made the first time it is asked for: a
  /// view model declares a command as a computed property, with no `lazy`, no
  /// `@ObservationIgnored` and no capture list. The view model conforms to ``CommandOwner``:
  /// it holds the ``CommandStore`` its commands live in.
  ///
  /// ```swift
  /// @MainActor @Observable
  /// final class AccountRegistrationViewModel: CommandOwner {
  ///   let commands = CommandStore()
  ///   var code = ""
  ///   var canRegister: Bool { code.count == 6 }
  ///
  ///   func submit() async throws -> Account { Account(code: code) }
  ///
  ///   var register: Command<Void, Account> {
  ///     .owned(by: self, enabledWhen: { $0.canRegister }) { vm in
  ///       try await vm.submit()
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Every read of the property returns the same command for the same owner, so its status,
  /// output, error and cancellation are observable like any command's, and
  /// `command(vm.register, on: registerButton)` binds it. The predicate and the work receive the
  /// owner, which the command holds weakly: once the owner is released the predicate is false
  /// and a run that starts throws `CancellationError`. The command lives in the owner's
  /// ``CommandOwner/commands`` store, so it is released with its owner.
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
  public static func owned<Owner: CommandOwner>(
    by owner: Owner,
    _ name: String = #function,
    policy: ExecutionPolicy = .ignoreWhileExecuting,
    enabledWhen: (@MainActor (Owner) -> Bool)? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    column: Int = #column,
    work: @escaping @MainActor (Owner, Input) async throws -> Output
  ) -> Command {
    owner.commands.command(at: CommandStore.Site(fileID: fileID, line: line, column: column)) {
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
  public static func owned<Owner: CommandOwner>(
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

/// An object that declares commands with `Command.owned(by:)`: it holds the store its commands
/// live in.
///
/// Conform the view model and give it the store as a `let`; a `let` of an `@Observable` class
/// is not observed, so it needs no `@ObservationIgnored`:
///
/// ```swift
/// @MainActor @Observable final class QueryViewModel: CommandOwner {
///   let commands = CommandStore()
///   var query = ""
///
///   var search: Command<Void, Void> {
///     .owned(by: self) { vm in print(vm.query) }
///   }
/// }
/// ```
public protocol CommandOwner: AnyObject {
  /// The store of the commands declared with `Command.owned(by:)`; always the same store.
  var commands: CommandStore { get }
}

/// The commands an owner declared with `Command.owned(by:)`, by the place each is declared; made
/// empty, kept by its owner as a `let` (see ``CommandOwner``).
///
/// The store holds its commands strongly and the commands hold their owner weakly, so the owner,
/// its store and its commands are released together when nothing else holds the owner.
@MainActor
public final class CommandStore {
  struct Site: Hashable {
    let fileID: String
    let line: Int
    let column: Int
  }

  private var commands: [Site: AnyObject] = [:]

  /// Creates an empty store.
  public nonisolated init() {}

  /// How many commands the store holds.
  package var count: Int { commands.count }

  /// The command declared at `site`, made by `make` the first time it is asked for.
  func command<C: AnyObject>(at site: Site, make: () -> C) -> C {
    if let command = commands[site] as? C { return command }
    let command = make()
    commands[site] = command
    return command
  }
}
