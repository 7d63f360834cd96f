import BindingDSL
import CGTK
import Foundation
import Headless
import HeadlessTesting
import Testing

@testable import GTKHost
@testable import GTKShowcase

extension GTKTests {
  /// A presented stack is a sheet: a modal window over the app's, with a header bar of its own.
  /// Dismissing the stack closes the window; closing the window dismisses the stack; either way
  /// the presented screen's view model is released.
  @Suite
  @MainActor
  struct Sheets {
    @Test func aPresentedStackIsAModalWindowOverTheAppsWindow() async throws {
      guard GTK.start() else { return }
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      let (window, app) = try await GTK.openApp(scheduler: scheduler, clock: clock)
      defer { window.close() }
      let host = window.host
      let chrome = try #require(host.rootView as? AppChromeView)
      let mainTitle = nativeText(chrome.title)

      weak var apple: FruitDetailViewModel?
      let (presented, sheet) = try await present(
        "apple", in: window, scheduler: scheduler, clock: clock
      ) { apple = $0 }
      let sheetWindow = sheet.sheetWindow
      defer { g_object_unref(UnsafeMutableRawPointer(sheetWindow)) }
      #expect(presented.isPresented)
      #expect(gtk_window_get_transient_for(sheetWindow) == window.window)
      #expect(gtk_window_get_modal(sheetWindow) != 0)
      #expect(isToplevel(sheetWindow))
      #expect(String(cString: gtk_window_get_title(sheetWindow)) == "Apple")
      #expect(nativeText(sheet.title) == "Apple")
      #expect(gtk_widget_get_visible(sheet.back) == 0, "the root of a sheet has no back")
      #expect(nativeText(chrome.title) == mainTitle, "the app's window keeps its own screen")
      let summary = try #require(presented.screens.last?.find("summary") as? Label)
      let label = try #require(host.nativeControl(for: summary))
      #expect(gtk_widget_is_ancestor(label, gtk(sheetWindow)) != 0, "the screen is in the sheet")
      #expect(gtk_widget_is_ancestor(label, gtk(window.window)) == 0)
      #expect(nativeText(label) == summary.text.value)
      let picture = GTKTests.Screenshots.folder.appendingPathComponent("app-sheet.png").path
      try FileManager.default.createDirectory(
        at: GTKTests.Screenshots.folder, withIntermediateDirectories: true)
      GTK.pump("the sheet to draw") { cgtk_save_png(gtk(sheetWindow), picture) != 0 }

      // A push goes on the sheet's stack: its header shows a back button, which pops it.
      try app.push(FruitDetailViewModel(name: "pear"))
      try await GTK.settle(scheduler, clock: clock)
      #expect(nativeText(sheet.title) == "Pear")
      #expect(gtk_widget_get_visible(sheet.back) != 0)
      #expect(nativeText(chrome.title) == mainTitle)
      clock.withTracking { _ = gtk_widget_activate(sheet.back) }
      GTK.pump("the sheet's back button to pop") { app.presentedStacks.first?.count == 1 }
      try await GTK.settle(scheduler, clock: clock)
      #expect(nativeText(sheet.title) == "Apple")

      // Closing the sheet's window dismisses the stack.
      gtk_window_close(sheetWindow)
      GTK.pump("closing the sheet to dismiss the stack") { app.presentedStacks.isEmpty }
      try await GTK.settle(scheduler, clock: clock)
      #expect(host.view(of: presented) == nil)
      #expect(!isToplevel(sheetWindow), "the sheet's window is gone")
      #expect(host.nativeControl(for: summary) == nil)
      #expect(apple == nil, "the dismissed screen's view model is released")
      #expect(app.render().contains("presented") == false)
    }

    @Test func dismissingTheStackClosesItsSheet() async throws {
      guard GTK.start() else { return }
      let clock = VirtualClock()
      let scheduler = GTKScheduler()
      let (window, app) = try await GTK.openApp(scheduler: scheduler, clock: clock)
      defer { window.close() }
      let host = window.host

      weak var plum: FruitDetailViewModel?
      let (_, sheet) = try await present("plum", in: window, scheduler: scheduler, clock: clock) {
        plum = $0
      }
      let sheetWindow = sheet.sheetWindow
      defer { g_object_unref(UnsafeMutableRawPointer(sheetWindow)) }
      #expect(host.topWindow == sheetWindow, "a dialog would go over the sheet")

      try app.dismiss()
      try await GTK.settle(scheduler, clock: clock)
      #expect(!isToplevel(sheetWindow), "dismissing the stack closes its sheet")
      #expect(gtk_widget_get_visible(gtk(sheetWindow)) == 0)
      #expect(host.topWindow == window.window)
      #expect(plum == nil, "the dismissed screen's view model is released")
    }
  }
}

extension GTKTests.Sheets {
  /// An app shown with stacks presented already: each sheet goes over the one before it, the
  /// first over the app's window once the host is put in it.
  @Test func stacksPresentedBeforeTheWindowGoOverIt() async throws {
    guard GTK.start() else { return }
    let clock = VirtualClock()
    let scheduler = GTKScheduler()
    let services = ShowcaseApp.services(clock: clock)
    let app = AppHost(
      registry: try ShowcaseApp.registry(services: services), scheduler: scheduler, clock: clock)
    defer { app.shutDown() }
    try app.setStack([LoginViewModel(services: services(app))])
    try app.present(FruitDetailViewModel(name: "fig"))
    try app.present(FruitDetailViewModel(name: "kiwi"))
    let host = GTKScreenHost(app: app, scheduler: scheduler)
    let window = GTKWindow(host: host, title: "Showcase")
    defer { window.close() }
    window.present()
    GTK.pump("the window to show") { window.isMapped }
    try await GTK.settle(scheduler, clock: clock)
    let sheets = app.view.stacks.dropFirst().compactMap { host.view(of: $0) as? SheetView }
    #expect(sheets.map { nativeText($0.title) } == ["Fig", "Kiwi"])
    #expect(sheets.first.map { gtk_window_get_transient_for($0.sheetWindow) } == window.window)
    #expect(
      sheets.last.map { gtk_window_get_transient_for($0.sheetWindow) } == sheets.first?.sheetWindow)
    #expect(host.topWindow == sheets.last?.sheetWindow)
  }
}

/// Presents the detail of the fruit `name` (`made` is given its view model, which only the
/// app then holds), and waits until its sheet shows.
///
/// - Returns: The presented stack and its sheet, whose window the caller now holds a reference
///   to, so that it can check the window is gone after: `g_object_unref` it.
@MainActor
private func present(
  _ name: String, in window: GTKWindow, scheduler: GTKScheduler, clock: VirtualClock,
  made: (FruitDetailViewModel) -> Void
) async throws -> (stack: NavigationStackView, sheet: SheetView) {
  let app = try #require(window.host.app)
  do {
    let model = FruitDetailViewModel(name: name)
    made(model)
    try app.present(model)
  }
  try await GTK.settle(scheduler, clock: clock)
  let presented = try #require(app.view.stacks.last)
  let sheet = try #require(
    window.host.view(of: presented) as? SheetView, "the presented stack is a sheet")
  g_object_ref(UnsafeMutableRawPointer(sheet.sheetWindow))
  GTK.pump("the sheet to show") { gtk_widget_get_mapped(gtk(sheet.sheetWindow)) != 0 }
  return (presented, sheet)
}

/// Whether `window` is one of GTK's top-level windows (not yet destroyed).
@MainActor
private func isToplevel(_ window: UnsafeMutablePointer<GtkWindow>) -> Bool {
  let toplevels = gtk_window_get_toplevels()
  for index in 0..<g_list_model_get_n_items(toplevels) {
    let item = g_list_model_get_item(toplevels, index)
    defer { g_object_unref(item) }
    if item == UnsafeMutableRawPointer(window) { return true }
  }
  return false
}
