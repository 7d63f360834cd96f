/// A picture, rendered as what a screen reader says for it, never as pixels.
///
/// A screen reader reads the accessibility label when there is one, else the image's
/// ``imageDescription``, else its asset ``name``; a decorative image says nothing and is
/// skipped. The render shows that as `says="…"`, or flags the image `decorative`.
///
/// <!-- output: Tests/HeadlessTests/__Snapshots__/DocumentedOutputTests/kit.txt -->
/// ```text
/// Image #avatar says="Profile photo of Ada"
/// Image #divider [decorative]
/// ```
@MainActor
public final class Image: Widget {
  override public var kind: String { "Image" }

  /// The image's asset name, such as `avatar-placeholder`; bindable.
  public let name: WidgetProperty<String?>
  /// What the image shows, in words, bindable: what a screen reader says for it.
  public let imageDescription: WidgetProperty<String?>

  package override var listedMembers: [any WidgetMember]? { [name, imageDescription] }
  /// Whether the image only decorates, so a screen reader skips it.
  public let isDecorative: Bool

  /// Creates an image a screen reader describes.
  ///
  /// - Parameters:
  ///   - id: The image's identity.
  ///   - name: The image's asset name, said when there is no description.
  ///   - description: What the image shows, in words.
  public init(_ id: String, name: String? = nil, description: String? = nil) {
    self.name = WidgetProperty(widgetID: id, name: "name", value: name)
    self.imageDescription = WidgetProperty(widgetID: id, name: "description", value: description)
    self.isDecorative = false
    super.init(id: id)
  }

  /// Creates an image that only decorates: a screen reader skips it.
  ///
  /// - Parameters:
  ///   - id: The image's identity.
  ///   - decorative: The image's asset name.
  public init(_ id: String, decorative: String) {
    self.name = WidgetProperty(widgetID: id, name: "name", value: decorative)
    self.imageDescription = WidgetProperty(widgetID: id, name: "description", value: nil)
    self.isDecorative = true
    super.init(id: id)
  }

  /// What a screen reader says for the image, or `nil` when it says nothing.
  public var spokenText: String? {
    guard !isDecorative else { return nil }
    let said = accessibilityLabelNow ?? imageDescription.value ?? name.value
    return said?.isEmpty == false ? said : nil
  }

  override public var renderedFields: [RenderedField] {
    spokenText.map { [.init("says", .text($0))] } ?? []
  }

  /// `decorative` when a screen reader skips the image; `unlabeled` when it would say nothing
  /// although the image is not decorative (no label, description or name).
  override public var renderedFlags: [String] {
    if isDecorative { return ["decorative"] }
    return spokenText == nil ? ["unlabeled"] : []
  }
}
