import BindingDSL

/// A row of a list: a screen for one cell view-model type, made anew for every row.
///
/// A template is written like any ``Screen`` (widgets in `let` properties, a `body`, a
/// `bindings` body for the cell view model) and has an `init()` the list calls once per row.
/// Its declarations are checked as a graph once per list, for the first row; every row is then
/// mounted on its own view model in the screen's graph run.
///
/// ```swift
/// struct OrderRow: RowTemplate {
///   let title = Label("title")
///   let ping = Button("ping", title: "Ping")
///
///   var body: Widget {
///     HStack("order") {
///       title
///       ping
///     }
///   }
///
///   static var height: KeyPath<OrderCell, Double>? { \.height }
///
///   func bindings(_ vm: OrderCell) -> [BindingDeclaration<OrderCell>] {
///     bind(\.title, to: title.text)
///     // and the row's other declarations
///   }
/// }
/// ```
@MainActor
public protocol RowTemplate: Screen {
  /// Makes the widgets of one row.
  init()

  /// The cell view-model property that gives the row its height, if the row's height follows
  /// its view model (the render shows it as `height=`); `nil` leaves rows without a height.
  static var height: KeyPath<Model, Double>? { get }
}

extension RowTemplate {
  /// Rows without a height of their own.
  public static var height: KeyPath<Model, Double>? { nil }
}

/// Mounts a row's bindings, once its widgets are made, taking over the pending Observation
/// registration an earlier mount of the row left, if it is given one (see
/// ``ChildMount/unmountKeepingObservation()``).
typealias RowMount = @MainActor (any ChildMounter, Subscription?) throws -> ChildMount

/// A row template with its view-model type erased, as a list registers it.
@MainActor
struct AnyRowTemplate {
  /// The identity of the cell view-model type the template shows.
  let modelType: ObjectIdentifier
  /// The names of the template and its view-model type, for messages.
  let name: String
  let modelName: String
  /// The cell view-model type itself, which a row command's input must be or share.
  let modelClass: AnyObject.Type
  /// Makes a row's widgets into `row` and returns what mounts its bindings on `model`.
  let prepare: @MainActor (any RowModel, RowWidget) throws -> RowMount

  init<T: RowTemplate>(_ template: T.Type) {
    modelType = ObjectIdentifier(T.Model.self)
    name = String(describing: T.self)
    modelName = String(describing: T.Model.self)
    modelClass = T.Model.self
    prepare = { model, row in try prepareRow(T.self, model, row) }
  }
}

/// Makes the widgets of a row of template `T` into `row`, and returns what mounts its bindings
/// on `model`.
///
/// A list makes the widgets of all the rows a change adds before it mounts any of their
/// bindings: the widgets of consecutive rows then lie together in memory, not between the
/// nodes and closures of each row's bindings, which a render never reads.
@MainActor
private func prepareRow<T: RowTemplate>(
  _ template: T.Type, _ model: any RowModel, _ row: RowWidget
) throws -> RowMount {
  // NB: the list picks the template by the model's type, so the cast cannot fail.
  guard let model = model as? T.Model else { throw RowTemplateMismatch() }
  let screen = T()
  row.content = screen.body
  return PendingRow(screen: screen, model: model, row: row).mount
}

/// A row of template `T` whose widgets are made, waiting for its bindings to be mounted.
@MainActor
private final class PendingRow<T: RowTemplate> {
  let screen: T
  let model: T.Model
  let row: RowWidget

  init(screen: T, model: T.Model, row: RowWidget) {
    self.screen = screen
    self.model = model
    self.row = row
  }

  /// Mounts the row's bindings on its view model, taking `observation` over if it is given
  /// one and `mounter` can.
  func mount(_ mounter: any ChildMounter, _ observation: Subscription?) throws -> ChildMount {
    let template = ObjectIdentifier(T.self)
    let declarations = rowDeclarations(screen, model, row)
    do throws(BindingGraphError) {
      if let observation, let taking = mounter as? any ObservationTakingMounter {
        return try taking.mount(
          declarations, on: model, template: template, takingOver: observation)
      }
      return try mounter.mount(declarations, on: model, template: template)
    } catch {
      throw RowTemplateProblem(template: String(describing: T.self), error: error)
    }
  }
}

/// The declarations of a row: the template's bindings and, if it asks for one, its height.
@MainActor
private func rowDeclarations<T: RowTemplate>(_ screen: T, _ model: T.Model, _ row: RowWidget)
  -> [BindingDeclaration<T.Model>]
{
  var declarations = screen.bindings(model)
  if let height = T.height {
    declarations.append(bindOneWay(height, to: row.height) { Optional($0) })
  }
  return declarations
}

struct RowTemplateMismatch: Error {}

/// The declarations of a row template do not form a valid graph.
struct RowTemplateProblem: Error, CustomStringConvertible {
  let template: String
  let error: BindingGraphError

  var description: String { "row template \(template) cannot be mounted: \(error)" }
}
