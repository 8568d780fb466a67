/* Logs a mood and presents a tip at its anchor, through a proxy gdbus-codegen generated from org.feels.Tips1.xml.
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

/* The options of a call that returns words: the user's languages, in order of preference, as gettext has them. */
static GVariant *words_options(void) {
    GVariantBuilder options;
    g_variant_builder_init(&options, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add(&options, "{sv}", "languages", g_variant_new_strv(g_get_language_names(), -1));
    return g_variant_builder_end(&options);
}

int main(int argc, char **argv) {
    const char *tip_id = argc > 1 ? argv[1] : "CustomizeLayoutTip";
    GError *error = NULL;

    /* The bus starts feels-tipsd if it is installed and not running. */
    g_autoptr(FeelsTips1) tips = feels_tips1_proxy_new_for_bus_sync(
        G_BUS_TYPE_SESSION, G_DBUS_PROXY_FLAGS_NONE, "org.feels.Tips", "/org/feels/Tips", NULL, &error);
    if (tips == NULL) return fail("Connecting to org.feels.Tips", error);

    /* Every a{sv} options argument may be empty; the floating GVariant is consumed by the call. */
    guint count = 0;
    if (!feels_tips1_call_log_mood_sync(tips, "good", g_variant_new("a{sv}", NULL), &count, NULL, &error))
        return fail("LogMood", error);
    printf("LogMood(good): %u mood%s logged\n", count, count == 1 ? "" : "s");

    /* PresentTip is TipKit's TipView: whether to show the tip now, its display recorded when so, and its words in the
     * same reply, an a{sv} whose keys g_variant_lookup() reads. */
    gboolean shown = FALSE;
    g_autoptr(GVariant) tip = NULL;
    if (!feels_tips1_call_present_tip_sync(tips, tip_id, words_options(), &shown, &tip, NULL, &error))
        return fail("PresentTip", error);
    const char *title = NULL, *message = NULL, *language = NULL, *explanation = NULL;
    g_variant_lookup(tip, "title", "&s", &title);
    g_variant_lookup(tip, "message", "&s", &message);
    g_variant_lookup(tip, "language", "&s", &language);
    g_variant_lookup(tip, "explanation", "&s", &explanation);
    if (shown)
        printf("PresentTip(%s): shown, in %s\n  %s\n  %s\n", tip_id, *language ? language : "the app's own English",
               title, message);
    else
        printf("PresentTip(%s): not shown: %s\n", tip_id, explanation);

    /* Properties come from the proxy's cache, read when it was made; PropertiesChanged keeps it current while a
     * GMainLoop runs (this program runs none, so it reads only what does not change here). */
    printf("ServiceVersion: %s, Version: %u, DisplayFrequency: %s\n", feels_tips1_get_service_version(tips),
           feels_tips1_get_version(tips), feels_tips1_get_display_frequency(tips));

    /* An unknown tip is refused with a named error. */
    const char *unknown[] = {"NoSuchTip", NULL};
    if (!feels_tips1_call_get_tips_sync(tips, unknown, g_variant_new("a{sv}", NULL), NULL, NULL, &error)) {
        g_autofree char *name = g_dbus_error_get_remote_error(error);
        printf("GetTips([NoSuchTip]): %s\n", name);
        g_clear_error(&error);
    }
    return EXIT_SUCCESS;
}
