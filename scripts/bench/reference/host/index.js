// The reference host's entry: the async boundary a federation host needs before it may use shared modules.
import('./bootstrap');
