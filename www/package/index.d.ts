// Both entries export exactly the generated bindings, already instantiated.
export * from './web/solvescope.js';
