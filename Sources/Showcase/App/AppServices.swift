import BindingDSL

/// What the showcase app's view models are given: navigation, dialogs, the fake back ends and
/// the clock they answer on.
@MainActor
struct AppServices {
  let navigator: any Navigator
  let dialogs: any DialogPresenter
  let accounts: any AccountService
  let catalog: any CatalogService
  let waybills: any WaybillService
  let clock: any Clock<Duration>
}
