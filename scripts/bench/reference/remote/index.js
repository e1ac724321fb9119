// A remote's own entry (only its exposed module is used by the host).
import('./app');
