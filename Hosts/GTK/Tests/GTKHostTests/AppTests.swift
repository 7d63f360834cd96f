import BindingDSL
import CGTK
import Foundation
import Headless
import HeadlessTesting
import Testing

@testable import GTKHost
@testable import GTKShowcase

extension GTKTests {
  /// The showcase app in a window: pushing a screen shows its title and a back button in the
  /// header bar, a dialog is a modal window answered with its buttons, and the back button pops
  /// the screen, which releases its view model.
  @Suite
  @MainActor
  struct App {
    @Test func navigationAndADialogThroughGTK() async throws {
      guard GTK.start() else { return }
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      let (window, app) = try await GTK.openApp(scheduler: scheduler, clock: clock)
      defer { window.close() }
      let host = window.host
      let chrome = try #require(host.rootView as? AppChromeView)

      func top() -> ScreenContainer? { app.view.stacks.last?.screens.last }

      func checkHeader(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let screen = top()
        #expect(
          nativeText(chrome.title) == screen?.title.value, "\(step): title",
          sourceLocation: sourceLocation)
        #expect(
          (gtk_widget_get_visible(chrome.back) != 0) == (screen?.hasBack ?? false),
          "\(step): back", sourceLocation: sourceLocation)
        #expect(app.render().contains("title=\"\(nativeText(chrome.title))\""))
      }

      checkHeader("signing in")
      let register = try #require(app.view.find("register") as? Button)
      try activate(register, in: host, clock: clock)
      try await GTK.settle(scheduler, clock: clock)
      #expect(app.mainStack.count == 2)
      checkHeader("pushed registration")
      weak let flow = app.visibleModel

      let noCode = try #require(top()?.find("noCode") as? Button)
      try activate(noCode, in: host, clock: clock)
      try await GTK.settle(scheduler, clock: clock)
      let dialog = try #require(app.view.overlays.first as? DialogView)
      let dialogView = try #require(host.view(of: dialog) as? DialogWindowView)
      #expect(gtk_widget_get_visible(gtk(dialogView.dialogWindow)) != 0)
      #expect(String(cString: gtk_window_get_title(dialogView.dialogWindow)) == dialog.title)
      #expect(
        dialog.buttons.compactMap { host.nativeControl(for: $0) }.count == dialog.buttons.count)
      let picture = GTKTests.Screenshots.folder.appendingPathComponent("app-dialog.png").path
      try FileManager.default.createDirectory(
        at: GTKTests.Screenshots.folder, withIntermediateDirectories: true)
      GTK.pump("the dialog to draw") { cgtk_save_png(gtk(dialogView.dialogWindow), picture) != 0 }
      let wait = try #require(dialog.buttons.last)
      #expect(wait.title.value == "Wait")
      try activate(wait, in: host, clock: clock)
      try await GTK.settle(scheduler, clock: clock)
      #expect(app.view.overlays.isEmpty, "answering the dialog takes it away")
      #expect(host.view(of: dialog) == nil)

      // "Another number" asks for it in a prompt: its field is an entry above the buttons.
      try activate(noCode, in: host, clock: clock)
      try await GTK.settle(scheduler, clock: clock)
      let again = try #require(app.view.overlays.first as? DialogView)
      try activate(again.buttons[1], in: host, clock: clock)
      try await GTK.settle(scheduler, clock: clock)
      let prompt = try #require(app.view.overlays.first as? DialogView)
      #expect(prompt.style == .prompt)
      let field = try #require(prompt.field)
      let entry = try #require(host.nativeControl(for: field), "the prompt's field has an entry")
      #expect(nativeText(entry) == field.text.value)
      gtk_editable_set_text(cgtk_editable(entry.raw), "+1 555 0199")
      try await GTK.settle(scheduler, clock: clock)
      #expect(field.text.value == "+1 555 0199")
      let ok = try #require(prompt.buttons.first { $0.title.value == "OK" })
      try activate(ok, in: host, clock: clock)
      try await GTK.settle(scheduler, clock: clock)
      #expect(app.view.overlays.first { $0 is DialogView } == nil)
      #expect(app.render().contains("+1 555 0199"), "the number typed in the prompt is used")

      clock.withTracking { gtk_widget_activate(chrome.back) }
      GTK.pump("the back button to go back or ask") {
        app.mainStack.count == 1 || !app.view.overlays.isEmpty
      }
      try await GTK.settle(scheduler, clock: clock)
      if let confirm = app.view.overlays.first as? DialogView {
        // NB: leaving registration may ask first; the confirming button leaves.
        try activate(try #require(confirm.buttons.first), in: host, clock: clock)
        try await GTK.settle(scheduler, clock: clock)
      }
      #expect(app.mainStack.count == 1)
      checkHeader("went back")
      #expect(flow == nil, "the popped screen's view model is released")

      // Signing in shows the progress HUD over the screen, then the home with its tabs.
      let password = try #require(top()?.find("password") as? TextField)
      let passwordEntry = try #require(host.nativeControl(for: password))
      gtk_editable_set_text(cgtk_editable(passwordEntry.raw), "hunter22")
      try await GTK.settle(scheduler, clock: clock)
      try activate(try #require(top()?.find("signIn") as? Button), in: host, clock: clock)
      try await GTK.settle(scheduler, clock: clock)
      let hud = try #require(app.view.children.first { $0 is HUD } as? HUD)
      let hudLabel = try #require(host.nativeControl(for: hud))
      #expect(nativeText(hudLabel) == "Signing in…")
      #expect(gtk_widget_get_visible(hudLabel) != 0)
      try await GTK.advance(scheduler, clock: clock, by: .seconds(1))
      #expect(host.view(of: hud) == nil, "the HUD goes when signing in ends")
      checkHeader("signed in")
      weak let home = app.visibleModel
      let tabs = try #require(top()?.find("tabs") as? TabView)
      let stack = try #require(host.nativeControl(for: tabs))
      #expect(
        String(cString: gtk_stack_get_visible_child_name(cgtk_stack(stack.raw))) == "searchTab")
      gtk_stack_set_visible_child_name(cgtk_stack(stack.raw), "waybillTab")
      try await GTK.settle(scheduler, clock: clock)
      #expect(tabs.selection.value == "waybillTab", "choosing a tab in GTK selects it")
      #expect(app.render().contains("selection=\"waybillTab\""))

      // Signing out asks first, in a dialog; confirming it goes back to signing in.
      try activate(try #require(top()?.find("signOut") as? Button), in: host, clock: clock)
      try await GTK.settle(scheduler, clock: clock)
      let confirm = try #require(app.view.overlays.first as? DialogView)
      #expect(confirm.title == "Sign out?")
      let leave = try #require(confirm.buttons.first { $0.title.value == "Sign out" })
      try activate(leave, in: host, clock: clock)
      try await GTK.settle(scheduler, clock: clock)
      #expect(app.view.overlays.isEmpty)
      checkHeader("signed out")
      #expect(home == nil, "the home's view model is released when the stack is replaced")
    }
  }

  /// Closing a window unmounts its screen, which releases the view model and the widgets.
  @Suite
  @MainActor
  struct Release {
    @Test func closingTheWindowReleasesTheViewModel() async throws {
      guard GTK.start() else { return }
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      weak var model: RegistrationViewModel?
      weak var root: Widget?
      do {
        let (window, mounted) = try ShowcaseWindows.open(
          RegistrationScreen(), model: Demos.registrationModel(clock: clock),
          title: "Registration", scheduler: scheduler, clock: clock)
        model = mounted.model
        root = mounted.root
        GTK.pump("the window to show") { window.isMapped }
        try await GTK.settle(scheduler, clock: clock)
        #expect(window.host.controlCount > 5)
        window.close()
        #expect(window.host.controlCount == 0)
        #expect(!mounted.isMounted)
      }
      try await GTK.settle(scheduler, clock: clock)
      #expect(model == nil, "the view model is released when the window closes")
      #expect(root == nil, "the widgets are released when the window closes")
    }
  }
}
