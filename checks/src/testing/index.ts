/** Test data other workspaces' tests share with the checks' own (`@seqgen/checks/testing`). */
export { FRAME_SAMPLES } from './frame-samples.ts';
