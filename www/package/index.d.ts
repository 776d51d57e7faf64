// Both entries export exactly the generated bindings, already instantiated (the classes through
// the facade of handles.js, which has the same shape).
export * from './web/solvescope.js';
