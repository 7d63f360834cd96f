// GTK 4 as Swift sees it, with the few helpers Swift cannot write itself: GTK's type-check
// casts and G_CALLBACK are macros, and the main dispatch queue's handle is declared by
// libdispatch for run loops (CoreFoundation's on Linux) and not in a public header.
#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <sys/eventfd.h>
#include <time.h>

// libdispatch's run-loop interface (dispatch/private.h): the main queue's handle, an eventfd on
// Linux that becomes readable when main-queue work (a main-actor job) is waiting, and the call
// that runs that work. Foundation's RunLoop watches and drains the main queue the same way.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *_Null_unspecified msg);

static gboolean cgtk_main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
  (void)condition;
  (void)data;
  // Read the eventfd before draining: work queued while draining writes to it again.
  eventfd_t pending;
  (void)eventfd_read(fd, &pending);
  _dispatch_main_queue_callback_4CF(NULL);
  return G_SOURCE_CONTINUE;
}

/// Makes the default GLib main context run the main dispatch queue's work (and so main-actor
/// tasks) whenever some is waiting, with no polling. Returns the source's id.
static inline guint cgtk_watch_main_queue(void) {
  int fd = _dispatch_get_main_queue_handle_4CF();
  return g_unix_fd_add(fd, G_IO_IN, cgtk_main_queue_ready, NULL);
}

/// The main dispatch queue's handle, for checking that it is watched.
static inline int cgtk_main_queue_handle(void) { return _dispatch_get_main_queue_handle_4CF(); }

// Signal handlers of the three shapes the host connects. The callback gets the instance, the
// signal's one argument when it has one, and the user data.
typedef void (*cgtk_handler0)(gpointer instance, gpointer data);
typedef void (*cgtk_handler1)(gpointer instance, gpointer argument, gpointer data);
typedef gboolean (*cgtk_handler_bool)(gpointer instance, gpointer data);
typedef void (*cgtk_handler_int)(gpointer instance, gint argument, gpointer data);

static inline gulong cgtk_connect0(
  gpointer instance, const char *signal, cgtk_handler0 handler, gpointer data,
  GClosureNotify destroy) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, destroy, 0);
}

static inline gulong cgtk_connect1(
  gpointer instance, const char *signal, cgtk_handler1 handler, gpointer data,
  GClosureNotify destroy) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, destroy, 0);
}

static inline gulong cgtk_connect_int(
  gpointer instance, const char *signal, cgtk_handler_int handler, gpointer data,
  GClosureNotify destroy) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, destroy, 0);
}

static inline gulong cgtk_connect_bool(
  gpointer instance, const char *signal, cgtk_handler_bool handler, gpointer data,
  GClosureNotify destroy) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, destroy, 0);
}

// Casts that GTK writes as macros.
static inline GtkWidget *cgtk_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkBox *cgtk_box(gpointer p) { return GTK_BOX(p); }
static inline GtkLabel *cgtk_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkEditable *cgtk_editable(gpointer p) { return GTK_EDITABLE(p); }
static inline GtkEntry *cgtk_entry(gpointer p) { return GTK_ENTRY(p); }
static inline GtkButton *cgtk_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkWindow *cgtk_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkSwitch *cgtk_switch(gpointer p) { return GTK_SWITCH(p); }
static inline GtkCheckButton *cgtk_check_button(gpointer p) { return GTK_CHECK_BUTTON(p); }
static inline GtkToggleButton *cgtk_toggle_button(gpointer p) { return GTK_TOGGLE_BUTTON(p); }
static inline GtkRange *cgtk_range(gpointer p) { return GTK_RANGE(p); }
static inline GtkSpinButton *cgtk_spin_button(gpointer p) { return GTK_SPIN_BUTTON(p); }
static inline GtkDropDown *cgtk_drop_down(gpointer p) { return GTK_DROP_DOWN(p); }
static inline GtkProgressBar *cgtk_progress_bar(gpointer p) { return GTK_PROGRESS_BAR(p); }
static inline GtkSpinner *cgtk_spinner(gpointer p) { return GTK_SPINNER(p); }
static inline GtkTextView *cgtk_text_view(gpointer p) { return GTK_TEXT_VIEW(p); }
static inline GtkTextBuffer *cgtk_text_buffer(gpointer p) { return GTK_TEXT_BUFFER(p); }
static inline GtkScrolledWindow *cgtk_scrolled_window(gpointer p) {
  return GTK_SCROLLED_WINDOW(p);
}
static inline GtkStack *cgtk_stack(gpointer p) { return GTK_STACK(p); }
static inline GtkListItem *cgtk_list_item(gpointer p) { return GTK_LIST_ITEM(p); }
static inline GtkListView *cgtk_list_view(gpointer p) { return GTK_LIST_VIEW(p); }
static inline GtkStringList *cgtk_string_list(gpointer p) { return GTK_STRING_LIST(p); }
static inline GtkStringObject *cgtk_string_object(gpointer p) { return GTK_STRING_OBJECT(p); }
static inline GListModel *cgtk_list_model(gpointer p) { return G_LIST_MODEL(p); }
static inline GtkSelectionModel *cgtk_selection_model(gpointer p) {
  return GTK_SELECTION_MODEL(p);
}
static inline GtkSingleSelection *cgtk_single_selection(gpointer p) {
  return GTK_SINGLE_SELECTION(p);
}
static inline GtkNotebook *cgtk_notebook(gpointer p) { return GTK_NOTEBOOK(p); }
static inline GtkCalendar *cgtk_calendar(gpointer p) { return GTK_CALENDAR(p); }
static inline GtkImage *cgtk_image(gpointer p) { return GTK_IMAGE(p); }
static inline GtkHeaderBar *cgtk_header_bar(gpointer p) { return GTK_HEADER_BAR(p); }
static inline GtkOverlay *cgtk_overlay(gpointer p) { return GTK_OVERLAY(p); }
static inline GtkMenuButton *cgtk_menu_button(gpointer p) { return GTK_MENU_BUTTON(p); }
static inline GtkPopover *cgtk_popover(gpointer p) { return GTK_POPOVER(p); }
static inline GtkAccessible *cgtk_accessible(gpointer p) { return GTK_ACCESSIBLE(p); }
static inline GObject *cgtk_object(gpointer p) { return G_OBJECT(p); }
static inline const char *cgtk_type_name(gpointer p) { return G_OBJECT_TYPE_NAME(p); }

/// Emits `signal`, an action signal without arguments or a return value (a `GtkEntry`'s
/// `activate`, as Return in it does), a variadic call Swift cannot make.
static inline void cgtk_emit(gpointer instance, const char *signal) {
  g_signal_emit_by_name(instance, signal);
}

/// Sets a widget's accessible label (a variadic call Swift cannot make).
static inline void cgtk_set_accessible_label(GtkWidget *widget, const char *label) {
  gtk_accessible_update_property(
    GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/// Makes a `GtkImage` that assistive technologies skip: its accessible role is presentation,
/// given as it is made (GTK fixes a widget's role once its accessible object is realized).
static inline GtkWidget *cgtk_decorative_image_new(void) {
  return GTK_WIDGET(
    g_object_new(GTK_TYPE_IMAGE, "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL));
}

/// Hides a widget from assistive technologies, or shows it to them again, leaving it drawn (a
/// variadic call Swift cannot make).
static inline void cgtk_set_accessible_hidden(GtkWidget *widget, gboolean hidden) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

/// Turns GTK's animations off (spinners, transitions), as a test wants: an animation draws a
/// frame on every tick, so GLib's loop would never be idle.
static inline void cgtk_disable_animations(void) {
  g_object_set(gtk_settings_get_default(), "gtk-enable-animations", FALSE, NULL);
}

/// Emits `signal` with one enum or integer argument (a scrolled window's `edge-overshot` with
/// the edge), a variadic call Swift cannot make.
static inline void cgtk_emit_int(gpointer instance, const char *signal, gint argument) {
  g_signal_emit_by_name(instance, signal, argument);
}

/// Makes a GtkStringList from a NULL-terminated array.
static inline GtkStringList *cgtk_string_list_new(const char *const *strings) {
  return gtk_string_list_new(strings);
}

/// Draws `widget` into a PNG file at `path`: its snapshot rendered by its native surface's
/// renderer. Returns FALSE when the widget is not realized or has nothing to draw.
static inline gboolean cgtk_save_png(GtkWidget *widget, const char *path) {
  int width = gtk_widget_get_width(widget);
  int height = gtk_widget_get_height(widget);
  GtkNative *native = gtk_widget_get_native(widget);
  if (native == NULL || width <= 0 || height <= 0) return FALSE;
  GskRenderer *renderer = gtk_native_get_renderer(native);
  if (renderer == NULL) return FALSE;
  GtkSnapshot *snapshot = gtk_snapshot_new();
  GdkPaintable *paintable = gtk_widget_paintable_new(widget);
  gdk_paintable_snapshot(paintable, snapshot, width, height);
  GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
  g_object_unref(paintable);
  if (node == NULL) return FALSE;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, width, height);
  GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &bounds);
  gsk_render_node_unref(node);
  gboolean saved = gdk_texture_save_to_png(texture, path);
  g_object_unref(texture);
  return saved;
}

/// What a frame clock's frames cost, in the main thread's CPU time (microseconds): how many
/// were drawn since `frames` was last set to 0, the most work done between the end of one frame
/// and the end of the next (what the frame had to fit in: events, idle work and its own layout
/// and drawing), and the longest a frame's layout and drawing took (`before-paint` to
/// `after-paint`). Filled by the handlers `cgtk_time_frames` connects.
typedef struct {
  gint64 frames;
  gint64 busiest;
  gint64 longest_paint;
  gint64 paint_started;
  gint64 last_ended;
} CGTKFrameTimes;

/// The main thread's CPU time, in microseconds: work done, without the waits between it.
static inline gint64 cgtk_thread_cpu_microseconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

static void cgtk_frame_started(GdkFrameClock *clock, gpointer data) {
  (void)clock;
  ((CGTKFrameTimes *)data)->paint_started = cgtk_thread_cpu_microseconds();
}

static void cgtk_frame_ended(GdkFrameClock *clock, gpointer data) {
  (void)clock;
  CGTKFrameTimes *times = data;
  gint64 now = cgtk_thread_cpu_microseconds();
  gint64 paint = now - times->paint_started;
  gint64 busy = times->last_ended > 0 ? now - times->last_ended : paint;
  times->frames += 1;
  if (paint > times->longest_paint) times->longest_paint = paint;
  if (busy > times->busiest) times->busiest = busy;
  times->last_ended = now;
}

/// Times the frames of `clock` into `times` until the two handlers it returns in `handlers`
/// are disconnected (`g_signal_handler_disconnect`).
static inline void cgtk_time_frames(GdkFrameClock *clock, CGTKFrameTimes *times, gulong *handlers) {
  handlers[0] = g_signal_connect(clock, "before-paint", G_CALLBACK(cgtk_frame_started), times);
  handlers[1] = g_signal_connect(clock, "after-paint", G_CALLBACK(cgtk_frame_ended), times);
}

#endif
