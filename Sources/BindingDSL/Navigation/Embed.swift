/// A widget that shows a child screen mounted on a child view model, in the parent's graph run
/// (an embedded screen, a tab).
///
/// The DSL writes each new child view model into it with a mounter; the widget unmounts the
/// screen of the old one and mounts a screen on the new one.
@MainActor
public protocol ChildScreenTarget: AnyObject {
  /// The view-model type of the child screen.
  associatedtype ChildModel: AnyObject

  /// Which widget this is; the property is named `screen`.
  var targetKey: TargetKey { get }

  /// Shows the child screen on `model` (nothing when `nil`), mounting it with `mounter`.
  ///
  /// - Parameters:
  ///   - model: The child view model.
  ///   - mounter: Mounts the child into the parent's graph run.
  func receive(_ model: ChildModel?, mounter: any ChildMounter)

  /// Unmounts the child screen: the parent unmounts.
  func unmountChild()
}

/// Embeds a child screen bound to a child view model: the screen `target` makes is mounted on
/// the value of `source`, in the same graph run as the parent, and mounted anew on another
/// instance when the value changes to one.
///
/// ```swift
/// embed(\.detail, in: detail)
/// ```
///
/// - Parameters:
///   - source: The child view model; `nil` shows nothing.
///   - target: The widget that shows the child screen.
///   - fileID: Where the declaration is written, for graph errors; leave the default.
///   - line: The line it is written on, for graph errors; leave the default.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func embed<Model: AnyObject, Target: ChildScreenTarget>(
  _ source: KeyPath<Model, Target.ChildModel?>,
  in target: Target,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  makeEmbedding(source, in: target, site: DeclarationSite(fileID: fileID, line: line)) { $0 }
}

/// Embeds a child screen bound to a child view model that is always there.
///
/// ```swift
/// embed(\.left, in: left)
/// ```
///
/// - Parameters:
///   - source: The child view model.
///   - target: The widget that shows the child screen.
///   - fileID: Where the declaration is written, for graph errors; leave the default.
///   - line: The line it is written on, for graph errors; leave the default.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func embed<Model: AnyObject, Target: ChildScreenTarget>(
  _ source: KeyPath<Model, Target.ChildModel>,
  in target: Target,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> {
  makeEmbedding(source, in: target, site: DeclarationSite(fileID: fileID, line: line)) {
    Optional($0)
  }
}

/// Embeds a child screen that binds the parent's own view model (the seeds' data-context
/// inheritance): a part of a screen written as a screen of its own.
///
/// ```swift
/// embed(in: header)
/// ```
///
/// - Parameters:
///   - target: The widget that shows the child screen; its screen's model type is the
///     parent's.
///   - fileID: Where the declaration is written, for graph errors; leave the default.
///   - line: The line it is written on, for graph errors; leave the default.
/// - Returns: The declaration, for a bindings body.
@MainActor
public func embed<Model: AnyObject, Target: ChildScreenTarget>(
  in target: Target,
  fileID: String = #fileID,
  line: Int = #line
) -> BindingDeclaration<Model> where Target.ChildModel == Model {
  makeEmbedding(\Model.self, in: target, site: DeclarationSite(fileID: fileID, line: line)) {
    Optional($0)
  }
}

@MainActor
private func makeEmbedding<Model: AnyObject, Value, Target: ChildScreenTarget>(
  _ source: KeyPath<Model, Value>,
  in target: Target,
  site: DeclarationSite,
  child: @escaping (Value) -> Target.ChildModel?
) -> BindingDeclaration<Model> {
  let edge = childrenEdge(
    from: source, to: target,
    end: BindingEndpoint(content: target, key: target.targetKey, valueType: Target.ChildModel.self),
    show: { target, value, mounter in target.receive(child(value), mounter: mounter) },
    unmount: { $0.unmountChild() })
  return BindingDeclaration(.embed, site: site, edge: edge)
}
