// Screens are written with both modules; importing Headless brings the binding DSL along.
@_exported public import BindingDSL
