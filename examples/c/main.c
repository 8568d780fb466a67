/* Logs a mood, reads a tip and displays it, through a proxy gdbus-codegen generated from org.feels.Tips1.xml.
 *
 * Run it on the session bus (DBUS_SESSION_BUS_ADDRESS names another): build/feels-tips-example [TIP]
 */
#include <stdio.h>
#include <stdlib.h>

#include "feels-tips-proxy.h"

static int fail(const char *what, GError *error) {
    /* A D-Bus error's name, such as org.feels.Tips1.Error.UnknownTip, is in the GError. */
    g_autofree char *name = g_dbus_error_get_remote_error(error);
    g_dbus_error_strip_remote_error(error);
    fprintf(stderr, "%s failed: %s: %s\n", what, name ? name : "error", error->message);
    g_error_free(error);
    return EXIT_FAILURE;
}

int main(int argc, char **argv) {
    const char *tip_id = argc > 1 ? argv[1] : "CustomizeLayoutTip";
    GError *error = NULL;

    /* The bus starts feels-tipsd if it is installed and not running. */
    g_autoptr(FeelsTips1) tips = feels_tips1_proxy_new_for_bus_sync(
        G_BUS_TYPE_SESSION, G_DBUS_PROXY_FLAGS_NONE, "org.feels.Tips", "/org/feels/Tips", NULL, &error);
    if (tips == NULL) return fail("Connecting to org.feels.Tips", error);

    guint count = 0;
    if (!feels_tips1_call_log_mood_sync(tips, "good", &count, NULL, &error)) return fail("LogMood", error);
    printf("LogMood(good): %u mood%s logged\n", count, count == 1 ? "" : "s");

    /* GetTip answers a{sv}: look keys up in the dictionary. */
    g_autoptr(GVariant) tip = NULL;
    if (!feels_tips1_call_get_tip_sync(tips, tip_id, &tip, NULL, &error)) return fail("GetTip", error);
    const char *title = NULL, *status = NULL, *explanation = NULL;
    g_variant_lookup(tip, "title", "&s", &title);
    g_variant_lookup(tip, "status", "&s", &status);
    g_variant_lookup(tip, "explanation", "&s", &explanation);
    printf("GetTip(%s): %s: %s\n  %s\n", tip_id, status, title, explanation);

    /* DisplayTip records the display when the tip should show, as TipKit's TipView does. */
    gboolean shown = FALSE;
    if (!feels_tips1_call_display_tip_sync(tips, tip_id, &shown, NULL, &error)) return fail("DisplayTip", error);
    printf("DisplayTip(%s): %s\n", tip_id, shown ? "shown" : "not shown now");

    /* Properties come from the proxy's cache, read when it was made; PropertiesChanged keeps it current while a
     * GMainLoop runs (this program runs none, so it reads only what does not change here). */
    printf("Version: %s, DisplayFrequency: %s\n", feels_tips1_get_version(tips),
           feels_tips1_get_display_frequency(tips));

    /* An unknown tip is refused with a named error. */
    if (!feels_tips1_call_get_tip_sync(tips, "NoSuchTip", NULL, NULL, &error)) {
        g_autofree char *name = g_dbus_error_get_remote_error(error);
        printf("GetTip(NoSuchTip): %s\n", name);
        g_clear_error(&error);
    }
    return EXIT_SUCCESS;
}
