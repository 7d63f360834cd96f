import BindingDSL
import CGTK
import Headless
import HeadlessTesting
import Testing

@testable import GTKHost
@testable import GTKShowcase

extension GTKTests {
  /// The registration flow driven through GTK: text typed into the entries, the button
  /// activated; after each step the screen's text render is the one a headless driver gets
  /// from the same steps, and the native controls show what the widgets hold.
  @Suite
  @MainActor
  struct Registration {
    @Test func typingAndTappingInGTKMatchTheHeadlessRender() async throws {
      guard GTK.start() else { return }
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      let (window, mounted) = try ShowcaseWindows.open(
        RegistrationScreen(), model: Demos.registrationModel(clock: clock),
        title: "Registration", scheduler: scheduler, clock: clock)
      defer { window.close() }
      let driverClock = VirtualClock()
      let driver = try ScreenDriver(
        RegistrationScreen(), model: Demos.registrationModel(clock: driverClock),
        clock: driverClock)
      try await driver.appear()
      GTK.pump("the window to show") { window.isMapped }
      try await GTK.settle(scheduler, clock: clock)
      let root = try #require(mounted.root)
      let host = window.host
      // NB: GTK gives the window's first entry the focus when the window is active (under
      // Xvfb it is), and the host tells the field; the driver is given the same focus.
      let code = try #require(root.find("code") as? TextField)
      let focus = gtk_window_get_focus(window.window)
      let entry = try control("code")
      let entryHasFocus = focus.map { $0 == entry || gtk_widget_is_ancestor($0, entry) != 0 }
      #expect(code.isFocused.value == (entryHasFocus ?? false))
      if code.isFocused.value { try await driver.focus("code") }

      func control(_ id: String) throws -> GTKWidgetPointer {
        let widget = try #require(root.find(id), "no widget \(id)")
        return try #require(host.nativeControl(for: widget), "no control for \(id)")
      }

      func check(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
          TextRenderer.render(root) == driver.render(), "\(step)",
          sourceLocation: sourceLocation)
        for widget in root.allWidgets {
          guard let native = host.nativeControl(for: widget) else { continue }
          if let label = widget as? Label {
            #expect(nativeText(native) == label.text.value, "\(step): \(widget.id)")
          } else if let field = widget as? TextField {
            #expect(nativeText(native) == field.text.value, "\(step): \(widget.id)")
          } else if let button = widget as? Button {
            #expect(
              (gtk_widget_get_sensitive(native) != 0) == button.isEnabled.value,
              "\(step): \(widget.id) enabled")
          }
        }
      }

      check("mounted")
      let typed = mounted.model!
      gtk_editable_set_text(cgtk_editable(try control("code").raw), "111111")
      try await GTK.settle(scheduler, clock: clock)
      try await driver.replaceText(in: "code", with: "111111")
      #expect(typed.code == "111111")
      check("typed the code")

      // Return in the code's entry submits it: the view model moves the focus to the
      // password, and the host gives its entry GTK's focus.
      // NB: Return in an entry emits its `activate` action signal.
      let codeEntry = try control("code")
      clock.withTracking { cgtk_emit(codeEntry.raw, "activate") }
      try await GTK.settle(scheduler, clock: clock)
      try await driver.submit("code")
      #expect((root.find("password") as? TextField)?.isFocused.value == true)
      #expect(containsFocus(try control("password")), "the password's entry has GTK's focus")
      check("submitted the code")

      gtk_editable_set_text(cgtk_editable(try control("password").raw), "hunter22")
      try await GTK.settle(scheduler, clock: clock)
      try await driver.replaceText(in: "password", with: "hunter22")
      check("typed the password")

      let register = try #require(root.find("register") as? Button)
      try activate(register, in: host, clock: clock)
      try await GTK.settle(scheduler, clock: clock)
      try await driver.tap("register")
      #expect(register.isBusy.value)
      check("tapped Register: it is busy")

      try await GTK.advance(scheduler, clock: clock, by: .seconds(1))
      try await driver.advance(by: .seconds(1))
      check("one second later: the code was wrong")

      gtk_editable_set_text(cgtk_editable(try control("code").raw), "123456")
      try await GTK.settle(scheduler, clock: clock)
      try await driver.replaceText(in: "code", with: "123456")
      try activate(register, in: host, clock: clock)
      try await GTK.advance(scheduler, clock: clock, by: .seconds(1))
      try await driver.tap("register")
      try await driver.advance(by: .seconds(1))
      check("fixed the code and registered")
      #expect(!register.isBusy.value)
      driver.unmount()
    }
  }
}
