import BindingDSL
import CGTK
import GTKHost
import Headless
import Testing

extension GTKTests {
  /// What assistive technologies are told about the controls.
  @Suite
  @MainActor
  struct Accessibility {
    /// A decorative image is drawn, but assistive technologies skip it, as a screen reader
    /// skips it in the render; a described image is an image to them, with its label.
    @Test func aDecorativeImageIsDrawnButHiddenFromAssistiveTechnologies() throws {
      guard GTK.start() else { return }
      let avatar = Image("avatar", name: "avatar-default", description: "Profile photo of Ada")
      let divider = Image("divider", decorative: "view-more-symbolic")
      divider.accessibilityLabel.receive("Divider")
      let root = VStack("root") {
        avatar
        divider
      }
      let scheduler = GTKScheduler()
      let host = GTKScreenHost(root: root, scheduler: scheduler)
      defer { host.stop() }
      let plain = try #require(host.nativeControl(for: avatar))
      let decorative = try #require(host.nativeControl(for: divider))

      #expect(
        gtk_accessible_get_accessible_role(cgtk_accessible(UnsafeMutableRawPointer(plain)))
          == GTK_ACCESSIBLE_ROLE_IMG)
      #expect(
        gtk_accessible_get_accessible_role(cgtk_accessible(UnsafeMutableRawPointer(decorative)))
          == GTK_ACCESSIBLE_ROLE_PRESENTATION, "assistive technologies skip a decorative image")
      #expect(gtk_widget_get_tooltip_text(decorative) == nil, "a decorative image says nothing")
      #expect(gtk_widget_get_tooltip_text(plain).map { String(cString: $0) } == avatar.spokenText)
      let icon = gtk_image_get_icon_name(cgtk_image(UnsafeMutableRawPointer(decorative))).map {
        String(cString: $0)
      }
      #expect(icon == "view-more-symbolic", "a decorative image is still drawn")
    }

    /// An image named after an icon of the theme shows it; one named after an app's own
    /// picture, which the theme does not have, shows a picture's generic icon rather than the
    /// broken-image icon.
    @Test func anImageTheThemeDoesNotHaveShowsAGenericPicture() throws {
      guard GTK.start() else { return }
      let photo = Image("photo", name: "courier-placeholder", description: "A courier")
      let root = VStack("root") { photo }
      let scheduler = GTKScheduler()
      let host = GTKScreenHost(root: root, scheduler: scheduler)
      defer { host.stop() }
      let control = try #require(host.nativeControl(for: photo))
      func icon() -> String? {
        gtk_image_get_icon_name(cgtk_image(UnsafeMutableRawPointer(control))).map {
          String(cString: $0)
        }
      }
      #expect(icon() == "image-x-generic")
      photo.name.receive("view-more-symbolic")
      GTK.pump("the image's new name") { icon() == "view-more-symbolic" }
      #expect(icon() == "view-more-symbolic")
    }
  }
}
