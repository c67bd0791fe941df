/** Every function module; importing this file registers them all (Azure loads each file through `main`). */
import './user.js';
import './house.js';
import './blobAccess.js';
import './hmRegistration.js';
import './maintenance.js';
import './room.js';
import './service.js';
import './device.js';
import './excelImport.js';
