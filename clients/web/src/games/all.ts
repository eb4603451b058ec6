// Every game's drawing registers itself when imported.
import "./armory.js";
import "./guardians.js";
import "./kings-armory.js";
import "./swordplay.js";
import "./aod.js";
