/** Every function module; importing this file registers them all (Azure loads each file through `main`). */
import './auth.js';
import './houses.js';
import './blobAccess.js';
import './registrations.js';
import './maintenance.js';
import './rooms.js';
import './fees.js';
import './devices.js';
import './roomImport.js';
