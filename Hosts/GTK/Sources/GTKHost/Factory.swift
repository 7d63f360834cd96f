import BindingDSL
import Headless

/// Which native view shows which widget kind.
@MainActor
enum NativeViewFactory {
  static func make(for widget: Widget, host: GTKScreenHost) -> NativeView {
    switch widget {
    case let presentable as any GTKPresentable: PresentedView(presentable, host: host)
    case let label as Label: LabelView(label, host: host)
    case is TextField, is SearchField: EntryView(widget, host: host)
    case let text as TextView: TextAreaView(text, host: host)
    case let button as Button: ButtonView(button, host: host)
    case let toggle as Toggle: ToggleView(toggle, host: host)
    case let slider as Slider: AdjustableView(slider, host: host)
    case let stepper as Stepper: AdjustableView(stepper, host: host)
    case let picker as Picker: OptionsView(picker, host: host)
    case let control as SegmentedControl: OptionsView(control, host: host)
    case let picker as DatePicker: DateView(picker, host: host)
    case let image as Image: ImageView(image, host: host)
    case is ProgressBar, is ActivityIndicator: ProgressView(widget, host: host)
    case let list as ListView: ListNativeView(list, host: host)
    case let tabs as TabView: TabsView(tabs, host: host)
    case let app as AppView: AppChromeView(app, host: host)
    case let stack as NavigationStackView:
      stack.isPresented ? SheetView(stack, host: host) : StackProxyView(stack, host: host)
    case let dialog as DialogView: DialogWindowView(dialog, host: host)
    case is HUD, is Toast, is TextList: TextLineView(widget, host: host)
    case is VStack, is HStack, is ScrollView, is ScreenContainer, is RowWidget:
      BoxView(widget, host: host)
    default:
      // NB: an embedded screen, and any container the host does not know, shows its children;
      // a leaf it does not know shows its text-format line.
      widget is any TabContent || !widget.children.isEmpty
        ? BoxView(widget, host: host) : TextLineView(widget, host: host)
    }
  }
}
