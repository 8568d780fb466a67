// What an app needs of the Feels tips, through GJS's Gio, with the proxy built from the interface's XML.
//
// The contract is dbus/org.feels.Tips1.xml (installed as /usr/share/dbus-1/interfaces/org.feels.Tips1.xml). A proxy
// made with its interface info knows every member's signature: call() types the arguments by it, and Gio checks the
// replies and signals against it.
//
// An app needs five methods and one signal, which Tips wraps: LogMood, SettingsViewed, PresentTip, PresentNextTip,
// InvalidateTip and TipChanged. No property: the proxy does not even load them.

import Gio from 'gi://Gio';
import GLib from 'gi://GLib';

export const BUS_NAME = 'org.feels.Tips';
export const OBJECT_PATH = '/org/feels/Tips';
export const INTERFACE = 'org.feels.Tips1';
const XML_FILE = 'org.feels.Tips1.xml';

/** The contract: the repository's copy when these examples run from it, else the installed one. */
export function interfaceXmlPath() {
    const here = GLib.path_get_dirname(GLib.filename_from_uri(import.meta.url)[0]);
    const dataDirs = GLib.getenv('XDG_DATA_DIRS') || '/usr/local/share:/usr/share';
    const candidates = [GLib.build_filenamev([here, '..', '..', 'dbus', XML_FILE])].concat(
        dataDirs.split(':').filter(folder => folder).map(
            folder => GLib.build_filenamev([folder, 'dbus-1', 'interfaces', XML_FILE])));
    const path = candidates.find(candidate => GLib.file_test(candidate, GLib.FileTest.EXISTS));
    if (!path)
        throw new Error(`${XML_FILE} is in none of: ${candidates.join(', ')}`);
    return path;
}

/**
 * A proxy of org.feels.Tips1 on the session bus, with the interface info from the XML.
 *
 * Without DO_NOT_AUTO_START, the bus starts feels-tipsd if it is installed and not running.
 */
export function makeProxy(flags = Gio.DBusProxyFlags.NONE) {
    const [, bytes] = GLib.file_get_contents(interfaceXmlPath());
    const info = Gio.DBusNodeInfo.new_for_xml(new TextDecoder().decode(bytes)).lookup_interface(INTERFACE);
    return Gio.DBusProxy.new_for_bus_sync(Gio.BusType.SESSION, flags, info, BUS_NAME, OBJECT_PATH, INTERFACE, null);
}

/** Calls method with args, typed by its in-arguments in the XML; answers its out-arguments, unpacked. */
export function call(proxy, method, ...args) {
    const inArgs = proxy.get_interface_info().lookup_method(method).in_args;
    const signature = `(${inArgs.map(arg => arg.signature).join('')})`;
    const reply = proxy.call_sync(method, new GLib.Variant(signature, args), Gio.DBusCallFlags.NONE, -1, null);
    return reply.recursiveUnpack();
}

/** The D-Bus name of an error a call answered with, such as org.feels.Tips1.Error.UnknownTip, and its message. */
export function errorName(error) {
    const name = Gio.DBusError.get_remote_error(error) ?? 'error';
    Gio.DBusError.strip_remote_error(error);
    return [name, error.message];
}

/**
 * The tips of one app: each job is one call.
 *
 * languages are the user's, in order of preference; by default GLib's, as gettext would use them
 * (['de_DE.UTF-8', 'de_DE', 'de.UTF-8', 'de', 'C'] under LANG=de_DE.UTF-8). The words come back in the first one
 * the service has, and the tip's language names it ('' for the Feels app's own English words).
 */
export class Tips {
    constructor(languages = null) {
        this.languages = languages ?? GLib.get_language_names();
        this.proxy = makeProxy(Gio.DBusProxyFlags.DO_NOT_LOAD_PROPERTIES);
    }

    _words() {
        return {languages: new GLib.Variant('as', this.languages)};
    }

    /** A tip's anchor is on screen (TipKit's TipView): [shown, tip], the display recorded when shown. */
    present(tipId) {
        return call(this.proxy, 'PresentTip', tipId, this._words());
    }

    /** A place holding several tips is on screen (TipKit's TipGroup): the tip to show there, or null. */
    presentNext(location) {
        const [shown, tip] = call(this.proxy, 'PresentNextTip', location, this._words());
        return shown ? tip : null;
    }

    /** The user closed the tip: it is not shown again. */
    close(tipId) {
        call(this.proxy, 'InvalidateTip', tipId, 'tip-closed');
    }

    /** The user did what the tip suggests: it is not shown again. */
    actionPerformed(tipId) {
        call(this.proxy, 'InvalidateTip', tipId, 'action-performed');
    }

    /** The user logged a mood; answers how many are logged. */
    logMood(mood) {
        const [count] = call(this.proxy, 'LogMood', mood, {});
        return count;
    }

    /** The user viewed the Settings screen. */
    settingsViewed() {
        call(this.proxy, 'SettingsViewed');
    }

    /** Calls callback(id, location, changes) for each TipChanged, while a GLib main loop runs. */
    onTipChanged(callback) {
        return this.proxy.connect('g-signal', (proxy, sender, signal, parameters) => {
            if (signal === 'TipChanged')
                callback(...parameters.recursiveUnpack());
        });
    }
}
