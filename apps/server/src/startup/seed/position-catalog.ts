/** Departments, their roles and skills, and the text the description generator assembles. */

export interface Department {
  name: string;
  /** Role names without seniority. */
  roles: readonly string[];
  skills: readonly string[];
  /** Mid-level base salary in USD. */
  baseSalaryUsd: number;
  /** What the team works on, completing "The team ...". */
  missions: readonly string[];
  weight: number;
}

export const DEPARTMENTS: readonly Department[] = [
  {
    name: 'Engineering',
    roles: ['Software Engineer', 'Robotics Software Engineer', 'Embedded Systems Engineer', 'Backend Engineer', 'Frontend Engineer', 'Site Reliability Engineer', 'Controls Engineer', 'Firmware Engineer', 'Computer Vision Engineer', 'Motion Planning Engineer'],
    skills: ['C++', 'Rust', 'Python', 'TypeScript', 'ROS 2', 'Linux', 'Kubernetes', 'PostgreSQL', 'React', 'Go', 'CUDA', 'RTOS', 'CAN bus', 'gRPC', 'OpenCV', 'SLAM'],
    baseSalaryUsd: 150000,
    missions: ['builds the software that lets our arms see, plan and move safely beside people', 'keeps thousands of robots in the field connected, updated and observable', 'writes the real-time control loops that turn plans into precise motion'],
    weight: 30,
  },
  {
    name: 'Hardware',
    roles: ['Mechanical Engineer', 'Electrical Engineer', 'Hardware Test Engineer', 'Actuator Design Engineer', 'PCB Design Engineer', 'Sensor Integration Engineer'],
    skills: ['SolidWorks', 'Altium', 'FEA', 'GD&T', 'Motor control', 'Power electronics', 'DFM', 'Signal integrity', 'LabVIEW', 'Tolerance analysis'],
    baseSalaryUsd: 140000,
    missions: ['designs the joints, grippers and sensors at the heart of every Acme robot', 'takes prototypes from the bench to thousands of units a month'],
    weight: 12,
  },
  {
    name: 'Manufacturing',
    roles: ['Manufacturing Engineer', 'Production Technician', 'Process Engineer', 'Assembly Technician', 'Production Supervisor', 'Industrial Engineer'],
    skills: ['Lean manufacturing', 'Six Sigma', 'PFMEA', 'Kaizen', 'SPC', 'MES', 'Torque tooling', 'Line balancing', 'ISO 9001'],
    baseSalaryUsd: 95000,
    missions: ['runs the lines where our robots are assembled, calibrated and tested', 'makes every build faster, safer and more repeatable than the last'],
    weight: 12,
  },
  {
    name: 'Data Science',
    roles: ['Data Scientist', 'Machine Learning Engineer', 'Data Engineer', 'Research Scientist', 'Analytics Engineer'],
    skills: ['Python', 'PyTorch', 'SQL', 'Spark', 'dbt', 'Reinforcement learning', 'Statistics', 'Airflow', 'Experiment design', 'MLOps'],
    baseSalaryUsd: 155000,
    missions: ['teaches our robots new skills from millions of hours of fleet data', 'turns telemetry into the decisions that shape our products'],
    weight: 8,
  },
  {
    name: 'Product',
    roles: ['Product Manager', 'Technical Program Manager', 'Product Operations Manager', 'Product Analyst'],
    skills: ['Roadmapping', 'User research', 'SQL', 'Stakeholder management', 'Agile', 'Pricing', 'Requirements writing'],
    baseSalaryUsd: 145000,
    missions: ['decides what we build next with the customers who run our robots every day', 'keeps hardware, software and manufacturing shipping as one product'],
    weight: 6,
  },
  {
    name: 'Design',
    roles: ['Product Designer', 'UX Researcher', 'Industrial Designer', 'Interaction Designer'],
    skills: ['Figma', 'Prototyping', 'Usability testing', 'Design systems', 'Accessibility', 'Rhino', 'KeyShot'],
    baseSalaryUsd: 130000,
    missions: ['makes programming a robot as simple as showing it what to do', 'shapes how people and machines share a workspace'],
    weight: 4,
  },
  {
    name: 'Sales',
    roles: ['Account Executive', 'Sales Engineer', 'Sales Development Representative', 'Regional Sales Manager', 'Channel Partner Manager'],
    skills: ['Salesforce', 'Solution selling', 'Negotiation', 'Pipeline management', 'Industrial automation', 'Forecasting'],
    baseSalaryUsd: 110000,
    missions: ['helps manufacturers find where automation pays off first', 'grows our reach through integrators and distributors worldwide'],
    weight: 8,
  },
  {
    name: 'Marketing',
    roles: ['Product Marketing Manager', 'Content Marketing Manager', 'Demand Generation Manager', 'Events Manager', 'Brand Designer'],
    skills: ['Positioning', 'Copywriting', 'HubSpot', 'SEO', 'Campaign analytics', 'Event planning'],
    baseSalaryUsd: 115000,
    missions: ['tells the story of what our robots make possible', 'brings our robots to trade shows, factories and classrooms'],
    weight: 4,
  },
  {
    name: 'Customer Success',
    roles: ['Field Service Engineer', 'Customer Success Manager', 'Technical Support Engineer', 'Applications Engineer', 'Deployment Engineer'],
    skills: ['Troubleshooting', 'PLC programming', 'Customer training', 'Zendesk', 'Robot commissioning', 'Root cause analysis'],
    baseSalaryUsd: 100000,
    missions: ['installs, tunes and supports our robots on customer floors', 'makes sure every deployment reaches full production on schedule'],
    weight: 8,
  },
  {
    name: 'Supply Chain',
    roles: ['Supply Chain Planner', 'Buyer', 'Supplier Quality Engineer', 'Logistics Coordinator', 'Strategic Sourcing Manager'],
    skills: ['SAP', 'Demand planning', 'Supplier audits', 'Incoterms', 'Inventory control', 'Cost modelling'],
    baseSalaryUsd: 95000,
    missions: ['secures the motors, chips and castings our lines depend on', 'moves parts and robots across four continents'],
    weight: 4,
  },
  {
    name: 'Quality',
    roles: ['Quality Engineer', 'Reliability Engineer', 'Quality Inspector', 'Safety Engineer'],
    skills: ['ISO 10218', 'FMEA', 'Root cause analysis', 'CMM', 'Weibull analysis', 'Functional safety'],
    baseSalaryUsd: 105000,
    missions: ['proves every robot is safe to work beside people', 'finds failures in the lab before customers ever could'],
    weight: 3,
  },
  {
    name: 'People',
    roles: ['Recruiter', 'People Partner', 'Learning and Development Specialist', 'Total Rewards Analyst'],
    skills: ['Interviewing', 'Workday', 'Employee relations', 'Compensation', 'Onboarding programs'],
    baseSalaryUsd: 95000,
    missions: ['finds and grows the people who build our robots', 'makes Acme a place where engineers and technicians do their best work'],
    weight: 3,
  },
  {
    name: 'Finance',
    roles: ['Financial Analyst', 'Accountant', 'FP&A Manager', 'Payroll Specialist'],
    skills: ['Excel', 'NetSuite', 'Forecasting', 'GAAP', 'Cost accounting', 'Budgeting'],
    baseSalaryUsd: 105000,
    missions: ['keeps our growth funded, forecast and accounted for', 'connects factory costs to product decisions'],
    weight: 3,
  },
];

export const SENIORITIES = [
  { value: 'entry', prefix: 'Junior', factor: 0.72, years: '0–2', weight: 15 },
  { value: 'mid', prefix: '', factor: 1, years: '2–5', weight: 40 },
  { value: 'senior', prefix: 'Senior', factor: 1.28, years: '5+', weight: 30 },
  { value: 'lead', prefix: 'Lead', factor: 1.45, years: '7+', weight: 10 },
  { value: 'principal', prefix: 'Principal', factor: 1.7, years: '10+', weight: 5 },
] as const;

export const EMPLOYMENT_TYPES = [
  ['FULL_TIME', 75],
  ['PART_TIME', 7],
  ['CONTRACT', 10],
  ['INTERNSHIP', 5],
  ['TEMPORARY', 3],
] as const;

export const OPENINGS = [
  '{company} builds collaborative robots that work safely beside people in factories, labs and warehouses. Our {department} team {mission}.',
  'At {company}, robots leave the lab every week for real customer floors. The {department} team {mission}, and we are hiring a {title} to help.',
  'Join {company} as a {title} in {city}. Our {department} team {mission}.',
];

export const ROLE_PARAGRAPHS = [
  'As a {title} you will own meaningful work from the first week: you will pair with experienced colleagues, ship improvements that customers notice, and help set the standards the rest of the team follows.',
  'You will work closely with engineering, manufacturing and customer teams, turning loose ideas into plans, plans into results, and results into lessons we write down and share.',
  'Day to day you will break down ambiguous problems, make trade-offs in the open, and keep the people who depend on your work informed about what is coming and why.',
];

export const REQUIREMENT_PARAGRAPHS = [
  'We are looking for {years} years of relevant experience and hands-on depth in {skills}. You communicate clearly in writing and enjoy teaching what you know.',
  'You bring {years} years of experience, are fluent in {skills}, and care as much about reliability and safety as about speed.',
  'You have {years} years of experience with {skills}, a habit of measuring before you change things, and curiosity about how physical products get made.',
];

export const BENEFIT_PARAGRAPHS = [
  'We offer competitive pay with equity, comprehensive health cover, a yearly learning budget, parental leave, and time on the factory floor to see your work in action.',
  'Benefits include health and dental cover, a retirement plan, flexible hours, generous holidays, and a hardware lab where you can build anything you can justify.',
  'You will get a competitive salary, equity in a growing company, relocation support where needed, and a team that takes mentoring seriously.',
];

export const REMOTE_PARAGRAPH =
  'This role is remote-friendly: you can work from home within reach of {city}, with a few team weeks on site each year.';

export const INCLUSION_PARAGRAPH =
  '{company} is an equal opportunity employer. We welcome applicants of every background and will provide reasonable accommodations throughout the hiring process.';
