// Every game's drawing registers itself when imported.
import "./armory.js";
