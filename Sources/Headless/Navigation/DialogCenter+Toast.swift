import BindingDSL

extension DialogCenter {
  /// Shows a toast over the app; it goes away by itself after a few seconds of the app's clock.
  ///
  /// - Parameter message: The message.
  public func toast(_ message: String) {
    let toast = self.toast ?? Toast("toast")
    toast.message.receive(message)
    self.toast = toast
    toastGeneration += 1
    let generation = toastGeneration
    let clock = host.clock
    toastTask?.cancel()
    toastTask = trackedTask(named: "toast") { [weak self] in
      try await clock.sleep(for: Self.toastDuration)
      guard let self, self.toastGeneration == generation else { return }
      self.toast = nil
      self.layout()
    }
    layout()
  }

  var toastNote: String {
    toast?.message.value.map { " (a toast says '\($0)'; toasts need no answer)" } ?? ""
  }
}
