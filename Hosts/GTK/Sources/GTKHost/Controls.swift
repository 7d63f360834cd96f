import BindingDSL
import CGTK
import Headless

/// `Label` → `GtkLabel`.
final class LabelView: NativeView {
  init(_ label: Label, host: GTKScreenHost) {
    let control = gtk(gtk_label_new(nil))
    gtk_label_set_xalign(cgtk_label(control.raw), 0)
    gtk_label_set_wrap(cgtk_label(control.raw), 1)
    super.init(widget: label, host: host, control: control)
  }

  /// Whether the text wraps onto more lines when it does not fit; it does, but not in a list's
  /// row: GTK 4.8 measures a wrapping label again for each height a box lays it out at (a
  /// search over its widths, text shaped at each), which made scrolling a list of wrapping rows
  /// cost a frame several times over.
  var wraps = true {
    didSet { gtk_label_set_wrap(cgtk_label(control.raw), wraps ? 1 : 0) }
  }

  override func fill() { update(["text"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    guard let label = widget as? Label, properties.contains("text") else { return }
    gtk_label_set_text(cgtk_label(control.raw), label.text.value)
  }
}

/// `TextField` → `GtkEntry` (`GtkPasswordEntry` when secure), `SearchField` →
/// `GtkSearchEntry`, with the validation message under it.
final class EntryView: NativeView {
  private var message: MessageLabel?

  init(_ widget: Widget, host: GTKScreenHost) {
    let box = gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2))
    let entry: GTKWidgetPointer
    if let field = widget as? TextField, field.isSecure {
      entry = gtk(gtk_password_entry_new())
      gtk_password_entry_set_show_peek_icon(OpaquePointer(entry.raw), 1)
    } else if widget is SearchField {
      entry = gtk(gtk_search_entry_new())
    } else {
      entry = gtk(gtk_entry_new())
    }
    gtk_box_append(cgtk_box(box.raw), entry)
    super.init(widget: widget, host: host, control: box)
    input = entry
    if widget is TextField { message = MessageLabel(in: box) }
    SignalHandler.connect(entry.raw, "changed") { [weak self] _ in self?.textChanged() }
    SignalHandler.connect(entry.raw, "activate") { [weak self] _ in self?.submitted() }
  }

  override func fill() {
    update(["text", "placeholder", "message", "isChecking"])
  }

  override func update(_ properties: [String]) {
    super.update(properties)
    let text: WidgetProperty<String>
    let placeholder: WidgetProperty<String>
    if let field = widget as? TextField {
      (text, placeholder) = (field.text, field.placeholder)
      if properties.contains("message") || properties.contains("isChecking") {
        message?.show(field.message.value, checking: field.isChecking.value)
      }
    } else if let field = widget as? SearchField {
      (text, placeholder) = (field.text, field.placeholder)
    } else {
      return
    }
    writing {
      if properties.contains("text"), editableText(input) != text.value {
        gtk_editable_set_text(cgtk_editable(input.raw), text.value)
      }
      if properties.contains("placeholder") {
        // NB: the three entries share the property, not a setter.
        setPlaceholder(placeholder.value)
      }
    }
  }

  private func setPlaceholder(_ text: String) {
    text.withCString { pointer in
      let value = UnsafeMutablePointer<GValue>.allocate(capacity: 1)
      value.initialize(to: GValue())
      g_value_init(value, GType(16 << 2))  // G_TYPE_STRING
      g_value_set_string(value, pointer)
      g_object_set_property(cgtk_object(input.raw), "placeholder-text", value)
      g_value_unset(value)
      value.deallocate()
    }
  }

  private func textChanged() {
    guard acceptsInput else {
      // NB: a disabled or hidden field keeps its text: what was written goes back.
      if !isWriting { update(["text"]) }
      return
    }
    let text = editableText(input)
    if let field = widget as? TextField, field.text.value != text {
      field.text.edit(text)
    } else if let field = widget as? SearchField, field.text.value != text {
      field.text.edit(text)
    }
  }

  private func submitted() {
    guard acceptsInput else { return }
    (widget as? any Submittable)?.submit.send()
  }
}

/// `TextView` → `GtkTextView` in a frame, with the validation message under it.
final class TextAreaView: NativeView {
  private var message: MessageLabel?
  private let buffer: UnsafeMutablePointer<GtkTextBuffer>

  init(_ widget: TextView, host: GTKScreenHost) {
    let box = gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2))
    let text = gtk(gtk_text_view_new())
    gtk_text_view_set_wrap_mode(cgtk_text_view(text.raw), GTK_WRAP_WORD_CHAR)
    gtk_widget_set_size_request(text, -1, 60)
    let frame = gtk(gtk_frame_new(nil))
    gtk_frame_set_child(cast(frame, to: GtkFrame.self), text)
    gtk_box_append(cgtk_box(box.raw), frame)
    buffer = gtk_text_view_get_buffer(cgtk_text_view(text.raw))
    super.init(widget: widget, host: host, control: box)
    input = text
    message = MessageLabel(in: box)
    SignalHandler.connect(UnsafeMutableRawPointer(buffer), "changed") { [weak self] _ in
      self?.textChanged()
    }
  }

  private var bufferText: String {
    var start = GtkTextIter()
    var end = GtkTextIter()
    gtk_text_buffer_get_bounds(buffer, &start, &end)
    let text = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
    defer { g_free(text) }
    return String(cString: text)
  }

  override func fill() { update(["text", "message"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    guard let view = widget as? TextView else { return }
    writing {
      if properties.contains("text"), bufferText != view.text.value {
        gtk_text_buffer_set_text(buffer, view.text.value, -1)
      }
    }
    if properties.contains("message") { message?.show(view.message.value) }
  }

  private func textChanged() {
    guard acceptsInput, let view = widget as? TextView else { return }
    let text = bufferText
    if view.text.value != text { view.text.edit(text) }
  }
}

/// `Button` → `GtkButton`, insensitive when disabled, with a spinner while busy.
final class ButtonView: NativeView {
  /// The label beside the spinner while the button is busy; `nil` while it is not, when the
  /// button shows its title alone (a label of GTK's own: fewer widgets for GTK to lay out in
  /// every row of a list).
  private var busyTitle: GTKWidgetPointer?

  init(_ button: Button, host: GTKScreenHost) {
    let control = gtk(gtk_button_new())
    super.init(widget: button, host: host, control: control)
    SignalHandler.connect(control.raw, "clicked") { [weak self] _ in self?.clicked() }
  }

  override func fill() { update(["title", "isBusy"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    guard let button = widget as? Button else { return }
    let title = button.title.value
    if properties.contains("isBusy") {
      let busy = button.isBusy.value
      if busy, busyTitle == nil {
        let content = gtk(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
        gtk_widget_set_halign(content, GTK_ALIGN_CENTER)
        let label = gtk(gtk_label_new(title))
        let spinner = gtk(gtk_spinner_new())
        gtk_spinner_set_spinning(cgtk_spinner(spinner.raw), 1)
        gtk_box_append(cgtk_box(content.raw), label)
        gtk_box_append(cgtk_box(content.raw), spinner)
        gtk_button_set_child(cgtk_button(control.raw), content)
        busyTitle = label
      } else if !busy, busyTitle != nil {
        // NB: setting the label replaces the busy content, which GTK then releases.
        busyTitle = nil
        gtk_button_set_label(cgtk_button(control.raw), title)
      }
    }
    if properties.contains("title") {
      if let busyTitle {
        gtk_label_set_text(cgtk_label(busyTitle.raw), title)
      } else if buttonLabel != title {
        gtk_button_set_label(cgtk_button(control.raw), title)
      }
    }
  }

  /// The title the button shows while it is not busy.
  private var buttonLabel: String? {
    gtk_button_get_label(cgtk_button(control.raw)).map { String(cString: $0) }
  }

  private func clicked() {
    guard acceptsInput, let button = widget as? Button else { return }
    button.tap.send()
  }
}

/// `Toggle` → `GtkCheckButton` with its title, and the validation message under it.
final class ToggleView: NativeView {
  private var message: MessageLabel?

  init(_ toggle: Toggle, host: GTKScreenHost) {
    let box = gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2))
    let check = gtk(gtk_check_button_new())
    gtk_box_append(cgtk_box(box.raw), check)
    super.init(widget: toggle, host: host, control: box)
    input = check
    message = MessageLabel(in: box)
    SignalHandler.connect(check.raw, "toggled") { [weak self] _ in self?.toggled() }
  }

  override func fill() { update(["title", "isOn", "message"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    guard let toggle = widget as? Toggle else { return }
    let check = cgtk_check_button(input.raw)
    writing {
      if properties.contains("title") { gtk_check_button_set_label(check, toggle.title.value) }
      if properties.contains("isOn") {
        gtk_check_button_set_active(check, toggle.isOn.value ? 1 : 0)
      }
    }
    if properties.contains("message") { message?.show(toggle.message.value) }
  }

  private func toggled() {
    guard let toggle = widget as? Toggle else { return }
    let on = gtk_check_button_get_active(cgtk_check_button(input.raw)) != 0
    guard acceptsInput else {
      if !isWriting {
        writing {
          gtk_check_button_set_active(cgtk_check_button(input.raw), toggle.isOn.value ? 1 : 0)
        }
      }
      return
    }
    if toggle.isOn.value != on { toggle.isOn.edit(on) }
  }
}

/// `Slider` → `GtkScale`, `Stepper` → `GtkSpinButton`, each on its range and step.
final class AdjustableView: NativeView {
  private var message: MessageLabel?
  private let isSlider: Bool

  init(_ widget: any Adjustable, host: GTKScreenHost) {
    let box = gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2))
    let range = widget.adjustableRange
    let step = widget.adjustableStep ?? (range.upperBound - range.lowerBound) / 100
    let control: GTKWidgetPointer
    isSlider = widget is Slider
    if isSlider {
      control = gtk(
        gtk_scale_new_with_range(
          GTK_ORIENTATION_HORIZONTAL, range.lowerBound, range.upperBound, max(step, 1e-9)))
      gtk_scale_set_draw_value(cast(control, to: GtkScale.self), 1)
      gtk_widget_set_hexpand(control, 1)
    } else {
      control = gtk(
        gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, max(step, 1)))
    }
    gtk_box_append(cgtk_box(box.raw), control)
    super.init(widget: widget, host: host, control: box)
    input = control
    message = MessageLabel(in: box)
    SignalHandler.connect(control.raw, "value-changed") { [weak self] _ in self?.changed() }
  }

  override func fill() { update(["range", "step", "value", "message"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    guard let adjustable = widget as? any Adjustable else { return }
    writing {
      if properties.contains("range") || properties.contains("step") {
        let range = adjustable.adjustableRange
        let step = adjustable.adjustableStep ?? 0
        if isSlider {
          gtk_range_set_range(cgtk_range(input.raw), range.lowerBound, range.upperBound)
          if step > 0 { gtk_range_set_increments(cgtk_range(input.raw), step, step) }
        } else {
          gtk_spin_button_set_range(
            cgtk_spin_button(input.raw), range.lowerBound, range.upperBound)
          gtk_spin_button_set_increments(cgtk_spin_button(input.raw), step, step)
        }
      }
      if properties.contains("value") || properties.contains("range") {
        setNativeValue(adjustable.adjustableValue)
      }
    }
    if properties.contains("message") {
      message?.show(
        (adjustable as? Slider)?.message.value ?? (adjustable as? Stepper)?.message.value)
    }
  }

  var nativeValue: Double {
    isSlider
      ? gtk_range_get_value(cgtk_range(input.raw))
      : gtk_spin_button_get_value(cgtk_spin_button(input.raw))
  }

  private func setNativeValue(_ value: Double) {
    if isSlider {
      gtk_range_set_value(cgtk_range(input.raw), value)
    } else {
      gtk_spin_button_set_value(cgtk_spin_button(input.raw), value)
    }
  }

  private func changed() {
    guard let adjustable = widget as? any Adjustable else { return }
    guard acceptsInput else {
      if !isWriting { writing { setNativeValue(adjustable.adjustableValue) } }
      return
    }
    let value = nativeValue
    guard value != adjustable.adjustableValue else { return }
    if adjustable.problem(adjustingTo: value) != nil {
      // NB: a value off the grid is snapped to the nearest step, as a key step would land.
      let step = adjustable.adjustableStep ?? 0
      if step > 0 {
        let start = adjustable.adjustableRange.lowerBound
        let snapped = start + ((value - start) / step).rounded() * step
        if snapped != adjustable.adjustableValue { adjustable.adjust(to: snapped) }
      }
      writing { setNativeValue(adjustable.adjustableValue) }
      return
    }
    adjustable.adjust(to: value)
  }
}

/// `SegmentedControl` → a row of grouped `GtkToggleButton`s; `Picker` → its title and a
/// `GtkDropDown`.
final class OptionsView: NativeView {
  private var message: MessageLabel?
  private let row: GTKWidgetPointer
  private let title: GTKWidgetPointer?
  private var buttons: [GTKWidgetPointer] = []
  private var options: [String] = []
  private var dropDown: GTKWidgetPointer?

  init(_ widget: any OptionSelectable, host: GTKScreenHost) {
    let box = gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2))
    row = gtk(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, widget is Picker ? 8 : 0))
    if widget is Picker {
      title = gtk(gtk_label_new(nil))
      gtk_box_append(cgtk_box(row.raw), title)
    } else {
      title = nil
      gtk_widget_add_css_class(row, "linked")
    }
    gtk_box_append(cgtk_box(box.raw), row)
    super.init(widget: widget, host: host, control: box)
    message = MessageLabel(in: box)
  }

  override var focusArea: GTKWidgetPointer { row }

  /// The drop-down, or the selected segment (the first when none is).
  override var focusInput: GTKWidgetPointer {
    if let dropDown { return dropDown }
    let selected = selectable?.selection.value.flatMap { options.firstIndex(of: $0) }
    return selected.flatMap { buttons.indices.contains($0) ? buttons[$0] : nil } ?? buttons.first
      ?? row
  }

  override func fill() { update(["title", "options", "selection", "message"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    if let picker = widget as? Picker {
      if properties.contains("title"), let title {
        gtk_label_set_text(cgtk_label(title.raw), picker.title.value)
      }
      writing {
        if properties.contains("options") { rebuild(picker.options.value) }
        if properties.contains("options") || properties.contains("selection") {
          select(picker.selection.value)
        }
      }
      if properties.contains("message") { message?.show(picker.message.value) }
    } else if let control = widget as? SegmentedControl {
      writing {
        if properties.contains("options") { rebuild(control.options.value) }
        if properties.contains("options") || properties.contains("selection") {
          select(control.selection.value)
        }
      }
      if properties.contains("message") { message?.show(control.message.value) }
    }
  }

  private func rebuild(_ options: [String]) {
    self.options = options
    if widget is Picker {
      if let dropDown { gtk_box_remove(cgtk_box(row.raw), dropDown) }
      let strings = options.map { strdup($0) } + [nil]
      defer { for string in strings { free(string) } }
      let model = strings.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(
          to: UnsafePointer<CChar>?.self, capacity: buffer.count
        ) {
          cgtk_string_list_new($0)
        }
      }
      let control = gtk(gtk_drop_down_new(cgtk_list_model(UnsafeMutableRawPointer(model)), nil))
      gtk_box_append(cgtk_box(row.raw), control)
      dropDown = control
      input = control
      SignalHandler.connect(
        control.raw, "notify::selected",
        argument: { [weak self] _, _ in
          self?.picked()
        })
    } else {
      for button in buttons { gtk_box_remove(cgtk_box(row.raw), button) }
      buttons = options.map { option in
        let button = gtk(gtk_toggle_button_new_with_label(option))
        gtk_box_append(cgtk_box(row.raw), button)
        return button
      }
      for button in buttons.dropFirst() {
        gtk_toggle_button_set_group(
          cgtk_toggle_button(button.raw), cgtk_toggle_button(buttons[0].raw))
      }
      for (index, button) in buttons.enumerated() {
        SignalHandler.connect(button.raw, "toggled") { [weak self] _ in self?.segmentToggled(index)
        }
      }
      input = buttons.first ?? row
    }
  }

  private func select(_ selection: String?) {
    let index = selection.flatMap { options.firstIndex(of: $0) }
    if let dropDown {
      gtk_drop_down_set_selected(
        cgtk_drop_down(dropDown.raw), index.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION))
    }
    for (position, button) in buttons.enumerated() {
      gtk_toggle_button_set_active(cgtk_toggle_button(button.raw), position == index ? 1 : 0)
    }
  }

  private var selectable: (any OptionSelectable)? { widget as? any OptionSelectable }

  private func choose(_ option: String) {
    if let picker = widget as? Picker, picker.selection.value != option {
      picker.selection.edit(option)
    } else if let control = widget as? SegmentedControl, control.selection.value != option {
      control.selection.edit(option)
    }
  }

  private func picked() {
    guard let dropDown else { return }
    let index = Int(gtk_drop_down_get_selected(cgtk_drop_down(dropDown.raw)))
    guard acceptsInput, options.indices.contains(index) else {
      if !isWriting { writing { select((widget as? Picker)?.selection.value) } }
      return
    }
    choose(options[index])
  }

  private func segmentToggled(_ index: Int) {
    guard gtk_toggle_button_get_active(cgtk_toggle_button(buttons[index].raw)) != 0 else { return }
    guard acceptsInput else {
      if !isWriting { writing { select((widget as? SegmentedControl)?.selection.value) } }
      return
    }
    choose(options[index])
  }
}

/// `DatePicker` → its title and a `GtkMenuButton` showing the day, whose popover holds a
/// `GtkCalendar`.
final class DateView: NativeView {
  private var message: MessageLabel?
  private let title = gtk(gtk_label_new(nil))
  private let button = gtk(gtk_menu_button_new())
  private let calendar = gtk(gtk_calendar_new())

  init(_ picker: DatePicker, host: GTKScreenHost) {
    let box = gtk(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2))
    let row = gtk(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8))
    gtk_box_append(cgtk_box(row.raw), title)
    gtk_box_append(cgtk_box(row.raw), button)
    gtk_box_append(cgtk_box(box.raw), row)
    let popover = gtk(gtk_popover_new())
    gtk_popover_set_child(cgtk_popover(popover.raw), calendar)
    gtk_menu_button_set_popover(cgtk_menu_button(button.raw), popover)
    super.init(widget: picker, host: host, control: box)
    input = calendar
    message = MessageLabel(in: box)
    SignalHandler.connect(calendar.raw, "day-selected") { [weak self] _ in self?.picked() }
  }

  /// The menu button: its popover, and the calendar in it, are inside it.
  override var focusInput: GTKWidgetPointer { button }
  override var focusArea: GTKWidgetPointer { button }

  override func fill() { update(["title", "date", "message"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    guard let picker = widget as? DatePicker else { return }
    if properties.contains("title") {
      gtk_label_set_text(cgtk_label(title.raw), picker.title.value)
    }
    if properties.contains("date") {
      let date = picker.date.value
      gtk_menu_button_set_label(cgtk_menu_button(button.raw), date.description)
      writing {
        let day = g_date_time_new_local(
          Int32(date.year), Int32(date.month), Int32(date.day), 0, 0, 0)
        gtk_calendar_select_day(cgtk_calendar(calendar.raw), day)
        g_date_time_unref(day)
      }
    }
    if properties.contains("message") { message?.show(picker.message.value) }
  }

  private func picked() {
    guard let picker = widget as? DatePicker, acceptsInput else { return }
    let day = gtk_calendar_get_date(cgtk_calendar(calendar.raw))
    defer { g_date_time_unref(day) }
    guard
      let date = CalendarDate(
        year: Int(g_date_time_get_year(day)), month: Int(g_date_time_get_month(day)),
        day: Int(g_date_time_get_day_of_month(day)))
    else { return }
    if date != picker.date.value { picker.date.edit(date) }
  }
}

/// `Image` → `GtkImage` from the icon theme, with its accessible label; a decorative image is
/// drawn but hidden from assistive technologies (the presentation role, the hidden state, no
/// label or tooltip), as a screen reader skips it.
final class ImageView: NativeView {
  private let isDecorative: Bool

  init(_ image: Image, host: GTKScreenHost) {
    isDecorative = image.isDecorative
    let control = isDecorative ? cgtk_decorative_image_new()! : gtk(gtk_image_new())
    super.init(widget: image, host: host, control: control)
    gtk_image_set_pixel_size(cgtk_image(control.raw), 32)
    if isDecorative { cgtk_set_accessible_hidden(control, 1) }
  }

  override func canShow(_ other: Widget) -> Bool {
    super.canShow(other) && (other as? Image)?.isDecorative == isDecorative
  }

  override func updateCommon(_ properties: [String]) {
    // NB: a label would make assistive technologies read the decorative image after all.
    super.updateCommon(isDecorative ? properties.filter { $0 != "accessibilityLabel" } : properties)
  }

  override func fill() { update(["name", "description"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    guard let image = widget as? Image else { return }
    if properties.contains("name") {
      gtk_image_set_from_icon_name(cgtk_image(control.raw), Self.iconName(for: image.name.value))
    }
    if properties.contains("description") || properties.contains("accessibilityLabel"),
      let spoken = image.spokenText
    {
      cgtk_set_accessible_label(control, spoken)
      gtk_widget_set_tooltip_text(control, spoken)
    }
  }
}

extension ImageView {
  /// The icon shown for an image named `name`: the theme's icon of that name, or a picture's
  /// generic icon when the theme has none (an app's own images, such as the showcase's
  /// `courier-placeholder`, are not icons), rather than GTK's broken-image icon, which would
  /// say the screen is broken; no name shows the theme's missing-image icon.
  static func iconName(for name: String?) -> String {
    guard let name else { return "image-missing" }
    guard let display = gdk_display_get_default(),
      let theme = gtk_icon_theme_get_for_display(display)
    else { return name }
    return gtk_icon_theme_has_icon(theme, name) != 0 ? name : "image-x-generic"
  }
}

/// `ProgressBar` → `GtkProgressBar`; `ActivityIndicator` → `GtkSpinner`.
final class ProgressView: NativeView {
  init(_ widget: Widget, host: GTKScreenHost) {
    let control =
      widget is ProgressBar ? gtk(gtk_progress_bar_new()) : gtk(gtk_spinner_new())
    if widget is ProgressBar {
      gtk_progress_bar_set_show_text(cgtk_progress_bar(control.raw), 1)
    }
    super.init(widget: widget, host: host, control: control)
  }

  override func fill() { update(["value", "isAnimating"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    if let bar = widget as? ProgressBar, properties.contains("value") {
      gtk_progress_bar_set_fraction(cgtk_progress_bar(control.raw), min(max(bar.value.value, 0), 1))
    }
    if let indicator = widget as? ActivityIndicator, properties.contains("isAnimating") {
      gtk_spinner_set_spinning(cgtk_spinner(control.raw), indicator.isAnimating.value ? 1 : 0)
      setShown(control, indicator.isAnimating.value && !indicator.isHidden.value)
    }
  }
}

/// `HUD`, `Toast` in a screen, `TextList`, and any kind the host does not know: a label with
/// its text (a kind it does not know: its text-format line, dimmed).
final class TextLineView: NativeView {
  init(_ widget: Widget, host: GTKScreenHost) {
    let control = gtk(gtk_label_new(nil))
    gtk_label_set_xalign(cgtk_label(control.raw), 0)
    if !(widget is HUD || widget is Toast || widget is TextList) {
      gtk_widget_add_css_class(control, "dim-label")
    }
    super.init(widget: widget, host: host, control: control)
  }

  override func fill() { update(["text"]) }

  override func update(_ properties: [String]) {
    super.update(properties)
    guard let widget else { return }
    let text: String
    switch widget {
    case let hud as HUD: text = Self.text(of: hud.feedback.value)
    case let toast as Toast: text = toast.message.value ?? ""
    case let list as TextList: text = list.items.value.joined(separator: "\n")
    default: text = TextRenderer.line(for: widget)
    }
    gtk_label_set_text(cgtk_label(control.raw), text)
    if widget is HUD || widget is Toast {
      setShown(control, !text.isEmpty && !widget.isHidden.value)
    }
  }

  static func text(of feedback: Feedback) -> String {
    switch feedback {
    case .none: ""
    case .loading(let text): text ?? "Loading…"
    case .success(let text): text ?? "Done"
    case .failure(let text), .message(let text): text
    }
  }
}

/// A widget kind from outside the library that brings its own control.
final class PresentedView: NativeView {
  init(_ widget: any GTKPresentable, host: GTKScreenHost) {
    super.init(widget: widget, host: host, control: widget.makeGTKControl())
  }

  override func canShow(_ other: Widget) -> Bool { false }

  override func update(_ properties: [String]) {
    super.update(properties)
    (widget as? any GTKPresentable)?.updateGTKControl(control, changed: properties)
  }
}
