extension Command {
  /// Creates a command whose predicate and work receive their owner, the view model, which the
  /// command holds weakly: no capture lists, and no cycle between the view model and its
  /// command.
  ///
  /// ```swift
  /// @ObservationIgnored private(set) lazy var register = Command<Void, Account>(
  ///   "register", owner: self, enabledWhen: { $0.canRegister }
  /// ) { vm, _ in
  ///   try await vm.submit()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name graph dumps and errors show for the command.
  ///   - owner: The object the command belongs to. Once it is released, the predicate is false
  ///     and a run that starts throws `CancellationError`.
  ///   - policy: What executing while a run is going does.
  ///   - enabledWhen: Whether the command may run, read under observation like any derived
  ///     value.
  ///   - work: The work, given the owner and the input.
  public convenience init<Owner: AnyObject>(
    _ name: String? = nil,
    owner: Owner,
    policy: ExecutionPolicy = .ignoreWhileExecuting,
    enabledWhen: (@MainActor (Owner) -> Bool)? = nil,
    work: @escaping @MainActor (Owner, Input) async throws -> Output
  ) {
    var isEnabled: (@MainActor () -> Bool)?
    if let enabledWhen {
      isEnabled = { [weak owner] in
        guard let owner else { return false }
        return enabledWhen(owner)
      }
    }
    self.init(name, policy: policy, enabledWhen: isEnabled) { [weak owner] input in
      guard let owner else { throw CancellationError() }
      return try await work(owner, input)
    }
  }
}
