// Every game's drawing registers itself when imported.
import "./armory.js";
import "./swordplay.js";
import "./aod.js";
